import { paths } from '../../paths';

/**
 * Where the bank screens lead. The payment link is the member's page of one transaction
 * (`/account/membership/{publicId}`, no login), whole, to paste in a message.
 */
export const bankLinks = {
  detail: paths.manager.bank.detail.getHref,
  edit: paths.manager.bank.edit.getHref,
  member: paths.manager.bank.user.getHref,
  emails: paths.manager.bankEmails.getHref(),
  yearly: paths.manager.bankYearly.getHref(),
  import: paths.manager.bankImport.getHref(),
  paymentLink: (publicId: string) =>
    new URL(`${paths.account.membership.getHref()}/${encodeURIComponent(publicId)}`, window.location.origin)
      .href,
  /** The bank list showing one member's transactions. */
  all: (userId: number, name: string) =>
    `${paths.manager.bank.list.getHref()}?${new URLSearchParams({ lid: String(userId), lidnaam: name })}`,
};
