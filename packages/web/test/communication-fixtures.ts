import type {
  CommunicationOptions,
  EmailLogEntry,
  EmailTemplate,
  EmailTemplates,
  Mailing,
  MailingDetail,
  SmtpSettings,
} from '@pluk/contract';
import { feedPage, json, makeAccount, type StubHandler } from './utils';

/** Test data of the e-mail screens (decision 082). */

export const postManager = makeAccount({
  id: 3,
  roles: ['PostManager'],
  firstName: 'Piet',
  lastName: 'Post',
});
export const applicationManager = makeAccount({ id: 2, roles: ['ApplicationManager'], firstName: 'Mia' });
export const admin = makeAccount({ id: 1, roles: ['Admin'], firstName: 'Ann', lastName: 'Admin' });

export const communicationPath = '/applicationManager/communication';
export const templatesPath = '/applicationManager/settings/emails';
export const smtpPath = '/applicationManager/settings/smtp';
const api = '/api/applicationManager/communication';

export const options: CommunicationOptions = {
  smtpSource: 'none',
  subscriptions: [
    { id: 11, name: 'Groot aandeel', harvestYear: 2030 },
    { id: 12, name: 'Klein aandeel', harvestYear: 2030 },
  ],
};

export function makeMailing(overrides: Partial<Mailing> = {}): Mailing {
  return {
    id: 5,
    subject: 'Oogstfeest zaterdag',
    audience: { kind: 'subscription', subscriptionId: 11 },
    audienceLabel: 'Abonnement Groot aandeel (2030)',
    createdAt: '2030-06-01T10:00:00.000Z',
    createdBy: 'Piet Post',
    startedAt: '2030-06-01T10:00:00.000Z',
    recipients: 2,
    sent: 1,
    notSent: 0,
    failed: 0,
    waiting: 1,
    ...overrides,
  };
}

export const mailingDetail: MailingDetail = {
  ...makeMailing({ sent: 2, waiting: 0 }),
  body: '<p>Kom naar het feest</p>',
  recipientList: [
    {
      userId: 21,
      name: 'An Akker',
      email: 'an@example.test',
      status: 'sent',
      finishedAt: '2030-06-01T10:01:00.000Z',
    },
    {
      userId: 22,
      name: 'Bert Boon',
      email: 'bert@example.test',
      status: 'sent',
      finishedAt: '2030-06-01T10:01:00.000Z',
    },
  ],
};

export const logEntry: EmailLogEntry = {
  id: 90,
  to: 'an@example.test',
  subject: 'Oogstfeest zaterdag',
  template: 'communication',
  status: 'not_sent',
  error: 'Geen SMTP-instellingen: e-mail niet verzonden.',
  mailingId: 5,
  createdAt: '2030-06-01T10:01:00.000Z',
};

export function communicationHandlers(mailings: Mailing[] = [makeMailing()]): Record<string, StubHandler> {
  return {
    [`GET ${api}/options`]: () => json(options),
    [`GET ${api}/members`]: () =>
      json([
        { id: 21, name: 'An Akker', receiveEmails: true },
        { id: 23, name: 'Stijn Stil', receiveEmails: false },
      ]),
    [`POST ${api}/recipients`]: () => json({ recipients: 2, optedOut: 1 }),
    [`GET ${api}/mailings`]: () => json(feedPage(mailings)),
    [`GET ${api}/mailings/5`]: () => json(mailingDetail),
    [`POST ${api}/mailings`]: () => json({ ...makeMailing({ id: 6, recipients: 2 }), smtpSource: 'none' }),
    [`POST ${api}/mailings/preview`]: () =>
      json({
        member: { id: 21, name: 'An Akker' },
        subject: 'Oogstfeest',
        text: 'Dag An,\n\nKom allemaal\n\nDe Plukhoeve',
        html: '<p>Dag An,</p><p>Kom <strong>allemaal</strong></p>',
      }),
    [`POST ${api}/mailings/test`]: () => json({ to: 'pm@plukhoeve.test', smtpSource: 'none' }),
    [`GET ${api}/emailLog`]: () => json(feedPage([logEntry], { pageSize: 50 })),
  };
}

const welcome: EmailTemplate = {
  name: 'welcome',
  subject: 'Welkom bij {appName}!',
  body: 'Dag {firstName},\n\nWelkom.',
  defaultSubject: 'Welkom bij {appName}!',
  defaultBody: 'Dag {firstName},\n\nWelkom.',
  isCustom: false,
  placeholders: ['appName', 'firstName', 'username', 'loginUrl'],
};

export const templates: EmailTemplates = {
  smtpSource: 'farm',
  templates: [
    welcome,
    {
      ...welcome,
      name: 'communication',
      subject: '{subject}',
      defaultSubject: '{subject}',
      placeholders: ['subject', 'firstName', 'message', 'appName'],
    },
  ],
};

export const smtpSettings: SmtpSettings = {
  host: 'smtp.example.test',
  port: 587,
  secure: false,
  user: 'hoeve',
  from: 'Hoeve <info@example.test>',
  hasPassword: true,
  source: 'farm',
};

export function settingsHandlers(): Record<string, StubHandler> {
  return {
    'GET /api/admin/settings/email': () => json(templates),
    'POST /api/admin/settings/email': (request) =>
      json({ ...welcome, ...(request.body as object), isCustom: true }),
    'POST /api/admin/settings/email/preview': () =>
      json({ subject: 'Welkom bij Testhoeve!', body: 'Dag An,\n\nWelkom.' }),
    'POST /api/admin/settings/email/test': () => json({ to: 'mia@example.test', smtpSource: 'farm' }),
    [`GET ${api}/members`]: () => json([{ id: 21, name: 'An Akker', receiveEmails: true }]),
    'GET /api/admin/settings/smtp': () => json(smtpSettings),
    'POST /api/admin/settings/smtp': (request) =>
      json({ ...smtpSettings, ...(request.body as object), hasPassword: true }),
    'POST /api/admin/settings/smtp/test': () =>
      json({
        ok: false,
        message:
          'Er kan geen verbinding gemaakt worden met de SMTP-server. Kijk de servernaam en de poort na.',
      }),
  };
}
