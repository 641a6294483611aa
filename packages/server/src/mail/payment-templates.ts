import { formatEuros } from '@pluk/contract';
import { formatIban, formatStructuredReference, type PaymentEmailKind } from '@pluk/contract';

/**
 * The "payment needed" and "payment reminder" e-mails (docs/product/money.md, "Payment e-mails"), written out
 * in full when they are generated: the manager reviews the stored text and the member gets exactly that (a
 * composed mail, mail/mailer.ts). Plain text and an HTML twin in the farm's colours with a "Bekijk en betaal"
 * button.
 *
 * Everything from people (the farm's and member's names, the description, the account name) is made one
 * line (no CR/LF can start a line or a header of its own, ADR 025) and HTML-escaped in the HTML part.
 */

export interface PaymentEmailInput {
  kind: PaymentEmailKind;
  farm: {
    name: string;
    colors: { primary: string; background: string };
    /** Without a trailing slash (lib/public-url.ts). */
    publicUrl: string;
    /** Null while the farm has not entered its IBAN (bank settings). */
    payee: { accountName: string; iban: string } | null;
  };
  member: { firstName: string };
  transaction: {
    publicId: string;
    description: string;
    amountCents: number;
    /** YYYY-MM-DD */
    dueDate: string;
    /** The 12 digits. */
    structuredReference: string;
  };
  /** Today on the farm's clock (YYYY-MM-DD): a reminder only says the due date passed when it did. */
  today: string;
}

export interface RenderedPaymentEmail {
  subject: string;
  text: string;
  html: string;
}

// eslint-disable-next-line no-control-regex
const lineBreaksAndControls = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** One line: names and descriptions come from people; a CR/LF must not start a line (or header) of its own. */
const oneLine = (value: string) => value.replace(lineBreaksAndControls, ' ').trim();

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

export { formatEuros };

/** YYYY-MM-DD as dd/mm/jjjj. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const hexColor = /^#[0-9a-fA-F]{6}$/;
const fallbackColors = { primary: '#2f7d32', background: '#f5f9f0' };

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White on a dark button, near-black on a light one: whichever keeps the larger contrast. */
function textColorOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#1a1a1a';
}

/** The link of the e-mail's button: the transaction's page, no login needed. */
export const paymentPageUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/account/membership/${encodeURIComponent(publicId)}`;

interface Wording {
  subject: string;
  intro: string;
  closing: string;
}

function wordingOf(input: PaymentEmailInput, farmName: string, description: string): Wording {
  const due = formatDay(input.transaction.dueDate);
  if (input.kind === 'needed') {
    return {
      subject: `Betaling: ${description} – ${farmName}`,
      intro: `Er staat een betaling voor je klaar bij ${farmName}.`,
      closing: 'Alvast bedankt!',
    };
  }
  const overdue = input.transaction.dueDate < input.today;
  return {
    subject: `Herinnering: betaling ${description} – ${farmName}`,
    intro: overdue
      ? `De vervaldatum (${due}) is voorbij en we ontvingen je betaling aan ${farmName} nog niet.`
      : `Een herinnering: je betaling aan ${farmName} staat nog open, te betalen vóór ${due}.`,
    closing: 'Betaalde je intussen al? Dan mag je deze e-mail negeren. Bedankt!',
  };
}

export function renderPaymentEmail(input: PaymentEmailInput): RenderedPaymentEmail {
  const farmName = oneLine(input.farm.name);
  const firstName = oneLine(input.member.firstName);
  const description = oneLine(input.transaction.description);
  const wording = wordingOf(input, farmName, description);
  const url = paymentPageUrl(input.farm.publicUrl, input.transaction.publicId);
  const details: [string, string][] = [
    ['Omschrijving', description],
    ['Bedrag', formatEuros(input.transaction.amountCents)],
    ['Vervaldatum', formatDay(input.transaction.dueDate)],
    ['Gestructureerde mededeling', formatStructuredReference(input.transaction.structuredReference)],
  ];
  const payee = input.farm.payee
    ? {
        accountName: oneLine(input.farm.payee.accountName),
        iban: formatIban(oneLine(input.farm.payee.iban)),
      }
    : null;
  const payeeLines: [string, string][] = payee
    ? [
        ...(payee.accountName ? ([['Rekeninghouder', payee.accountName]] as [string, string][]) : []),
        ['IBAN', payee.iban],
      ]
    : [];
  const transferIntro = 'Schrijf het bedrag over met de gestructureerde mededeling naar:';

  const text = [
    `Dag ${firstName},`,
    '',
    wording.intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(payee
      ? [transferIntro, ...payeeLines.map(([label, value]) => `${label}: ${value}`)]
      : ['Je vindt de betaalgegevens via de link hieronder.']),
    '',
    'Bekijk en betaal (ook online):',
    url,
    '',
    wording.closing,
    farmName,
  ].join('\n');

  const primary = hexColor.test(input.farm.colors.primary)
    ? input.farm.colors.primary
    : fallbackColors.primary;
  const background = hexColor.test(input.farm.colors.background)
    ? input.farm.colors.background
    : fallbackColors.background;
  const e = escapeHtml;
  const rows = (lines: [string, string][]) =>
    lines
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#52606d;vertical-align:top">${e(label)}</td>` +
          `<td style="padding:4px 0;font-weight:bold">${e(value)}</td></tr>`,
      )
      .join('');
  const table = (lines: [string, string][]) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows(lines)}</table>`;
  const html = [
    '<!doctype html>',
    '<html lang="nl"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(wording.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${background};font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:16px;line-height:1.5">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${background}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:6px solid ${primary}"><tr><td style="padding:24px">`,
    `<h1 style="margin:0 0 16px;font-size:22px;color:${primary}">${e(farmName)}</h1>`,
    `<p style="margin:0 0 16px">Dag ${e(firstName)},</p>`,
    `<p style="margin:0 0 16px">${e(wording.intro)}</p>`,
    table(details),
    payee
      ? `<p style="margin:0 0 8px">${e(transferIntro)}</p>${table(payeeLines)}`
      : '<p style="margin:0 0 16px">Je vindt de betaalgegevens via de knop hieronder.</p>',
    `<p style="margin:24px 0"><a href="${e(url)}" style="display:inline-block;background:${primary};color:${textColorOn(primary)};padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">Bekijk en betaal</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#52606d">Werkt de knop niet? Open dan deze link: <a href="${e(url)}" style="color:${primary}">${e(url)}</a></p>`,
    `<p style="margin:0">${e(wording.closing)}<br>${e(farmName)}</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');

  return { subject: wording.subject, text, html };
}
