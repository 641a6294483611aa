import type { EmailLogStatus } from '@pluk/contract';

/** The e-mail log's filters (contract `emailLogQuerySchema` without the paging). */
export interface EmailLogFilters {
  status: EmailLogStatus | null;
  search: string;
}

/** Query keys of the e-mail screens (templates, SMTP, mailings, the log). */
export const communicationKeys = {
  all: ['communication'] as const,
  templates: ['communication', 'templates'] as const,
  smtp: ['communication', 'smtp'] as const,
  options: ['communication', 'options'] as const,
  members: (search: string) => ['communication', 'members', search] as const,
  mailings: ['communication', 'mailings'] as const,
  mailing: (id: number) => ['communication', 'mailings', id] as const,
  emailLog: (filters: EmailLogFilters) => ['communication', 'emailLog', filters] as const,
};

/** Every 2 s while e-mails of a mailing still wait to go out (as the post's and pluk mail's rounds). */
export const pollMs = 2000;
