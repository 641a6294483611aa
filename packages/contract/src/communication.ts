import { z } from 'zod';
import { feedPageQuery, feedPageSchema, idField, idParamsSchema, isoDateTimeSchema } from './common.js';
import { defineRoute } from './define-route.js';
import { plukMailRecipientSchema } from './harvest.js';
import { idempotencyKeySchema } from './money.js';
import { roleSchema } from './role-schema.js';

/**
 * E-mails (docs/product/settings-and-farms.md, "E-mails", decision 082): the farm's e-mail templates
 * (ApplicationManager), its SMTP server (Admin), the manager's own e-mails to members ("mailings":
 * PostManager, the ApplicationManager and Admin pass) and the record of every e-mail the app sent
 * (ApplicationManager).
 */
export const communicationLimits = {
  subjectMax: 200,
  templateBodyMax: 10_000,
  /** Sanitized HTML, like a post's body. */
  mailingBodyMax: 50_000,
  chosenUsersMax: 500,
  searchMax: 100,
  hostMax: 253,
  smtpTextMax: 254,
  passwordMax: 500,
  mailingsPageSize: 20,
  mailingsPageSizeMax: 100,
  logPageSize: 50,
  logPageSizeMax: 200,
  membersMax: 20,
} as const;

/** Every e-mail that has a template (mail/templates.ts on the server has their Dutch defaults). */
export const emailTemplateNames = [
  'welcome',
  'registrationReceived',
  'registrationExistingAccount',
  'registrationRefused',
  'passwordReset',
  'emailChangeConfirm',
  'emailChangeNotice',
  'post',
  'pluk',
  'intentionReminder',
  'communication',
  'paymentReceipt',
  'myDataReady',
  'memberLeft',
] as const;
export const emailTemplateNameSchema = z.enum(emailTemplateNames, { error: 'Kies een e-mail.' });
export type EmailTemplateName = z.infer<typeof emailTemplateNameSchema>;

const oneLine = (what: string, max: number) =>
  z
    .string({ error: `Vul ${what} in.` })
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), `${capital(what)} is één regel.`)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${capital(what)} is hoogstens ${max} tekens lang.`));

function capital(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const subjectField = oneLine('het onderwerp', communicationLimits.subjectMax).pipe(
  z.string().min(1, 'Vul het onderwerp in.'),
);

export const emailTemplateSchema = z.object({
  name: emailTemplateNameSchema,
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The farm changed the subject or body (else the default is used). */
  isCustom: z.boolean(),
  /** The `{placeholders}` this e-mail fills in. */
  placeholders: z.array(z.string()),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** Whether e-mails leave the farm: its own SMTP, the server's, or none (recorded but not sent). */
export const smtpSourceSchema = z.enum(['farm', 'server', 'none']);
export type SmtpSource = z.infer<typeof smtpSourceSchema>;

export const emailTemplatesSchema = z.object({
  templates: z.array(emailTemplateSchema),
  smtpSource: smtpSourceSchema,
});
export type EmailTemplates = z.infer<typeof emailTemplatesSchema>;

/** A changed template; the default text again removes the farm's own. */
export const emailTemplateInputSchema = z.object({
  name: emailTemplateNameSchema,
  subject: subjectField,
  body: z
    .string({ error: 'Vul de tekst in.' })
    .trim()
    .min(1, 'Vul de tekst in.')
    .max(communicationLimits.templateBodyMax, 'De tekst is te lang.'),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;

/** A preview or test of the text in the editor (saved or not), filled in with a real member's data. */
export const emailTemplatePreviewInputSchema = emailTemplateInputSchema.extend({
  /** The member whose data fills the placeholders; the manager themself when absent. */
  userId: idField('userId').optional(),
});
export type EmailTemplatePreviewInput = z.input<typeof emailTemplatePreviewInputSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), body: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** Queued to the manager's own address: where it went. */
export const emailTestSentSchema = z.object({ to: z.string(), smtpSource: smtpSourceSchema });
export type EmailTestSent = z.infer<typeof emailTestSentSchema>;

/** The farm's SMTP server as an Admin sees it: never the password, only whether there is one. */
export const smtpSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  from: z.string(),
  hasPassword: z.boolean(),
  source: smtpSourceSchema,
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

export const smtpSettingsInputSchema = z.object({
  /** Empty: the farm has no SMTP of its own (the server's is used, if any). */
  host: oneLine('de server', communicationLimits.hostMax).pipe(
    z.string().regex(/^$|^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'Geef een geldige servernaam op.'),
  ),
  port: z.coerce
    .number({ error: 'Geef een poort op.' })
    .int('Geef een geheel getal op.')
    .min(1, 'Een poort ligt tussen 1 en 65535.')
    .max(65535, 'Een poort ligt tussen 1 en 65535.'),
  secure: z.boolean({ error: 'Kies ja of nee.' }),
  user: oneLine('de gebruikersnaam', communicationLimits.smtpTextMax).default(''),
  /** Absent or empty: keep the stored password. */
  password: z
    .string()
    .max(communicationLimits.passwordMax, 'Het wachtwoord is te lang.')
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'Het wachtwoord bevat ongeldige tekens.')
    .optional(),
  /** Forget the stored password. */
  clearPassword: z.boolean().default(false),
  from: oneLine('de afzender', communicationLimits.smtpTextMax)
    .pipe(z.string().regex(/^$|@/, 'Geef een afzender met een e-mailadres op.'))
    .default(''),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsInputSchema>;

export const smtpTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SmtpTestResult = z.infer<typeof smtpTestResultSchema>;

/** Who a mailing is for. Members who do not want e-mails are left out, as for a post. */
export const mailingAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('subscription'), subscriptionId: idField('subscriptionId') }),
    z.object({ kind: z.literal('role'), role: roleSchema }),
    z.object({
      kind: z.literal('users'),
      userIds: z
        .array(idField('userIds'), { error: 'Kies de leden.' })
        .min(1, 'Kies minstens één lid.')
        .max(
          communicationLimits.chosenUsersMax,
          `Kies hoogstens ${communicationLimits.chosenUsersMax} leden.`,
        ),
    }),
  ],
  { error: 'Kies aan wie je schrijft.' },
);
export type MailingAudience = z.infer<typeof mailingAudienceSchema>;

export const mailingRecipientsInputSchema = z.object({ audience: mailingAudienceSchema });

/** How many the audience reaches now, and how many of it do not want e-mails. */
export const mailingRecipientCountSchema = z.object({
  recipients: z.number().int().min(0),
  optedOut: z.number().int().min(0),
});
export type MailingRecipientCount = z.infer<typeof mailingRecipientCountSchema>;

export const mailingInputSchema = z.object({
  /** One per compose form (a UUID): the same key again answers the same mailing, mailing nobody twice. */
  idempotencyKey: idempotencyKeySchema,
  audience: mailingAudienceSchema,
  subject: subjectField,
  /** HTML; the server keeps only the formatting a post keeps. */
  body: z
    .string({ error: 'Schrijf een bericht.' })
    .max(communicationLimits.mailingBodyMax, 'Het bericht is te lang.')
    .refine((value) => value.replace(/<[^>]*>/g, '').trim().length > 0, 'Schrijf een bericht.'),
});
export type MailingInput = z.input<typeof mailingInputSchema>;

/** The compose form's message, filled in for one real member of the audience (decision 094). */
export const mailingPreviewInputSchema = z.object({
  audience: mailingAudienceSchema,
  subject: subjectField,
  body: z.string().max(communicationLimits.mailingBodyMax, 'Het bericht is te lang.'),
  /** Another member of the audience to show it for; the first one when absent. */
  userId: idField('userId').optional(),
});
export type MailingPreviewInput = z.input<typeof mailingPreviewInputSchema>;

/** The e-mail exactly as the mailer would send it to `member`: subject, text and HTML. */
export const mailingPreviewSchema = z.object({
  member: z.object({ id: z.number().int(), name: z.string() }),
  subject: z.string(),
  text: z.string(),
  /** Sanitized HTML from the farm's own template. */
  html: z.string(),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

/** 'Stuur een test naar mij': the message to the manager's own address. */
export const mailingTestInputSchema = z.object({
  subject: subjectField,
  body: z
    .string({ error: 'Schrijf een bericht.' })
    .max(communicationLimits.mailingBodyMax, 'Het bericht is te lang.')
    .refine((value) => value.replace(/<[^>]*>/g, '').trim().length > 0, 'Schrijf een bericht.'),
});
export type MailingTestInput = z.input<typeof mailingTestInputSchema>;

/** A mailing with its progress (the same counts as a post's e-mail round). */
export const mailingSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  audience: mailingAudienceSchema,
  /** The audience in words: "Alle leden", the subscription's or role's name, "3 gekozen leden". */
  audienceLabel: z.string(),
  createdAt: isoDateTimeSchema,
  createdBy: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  notSent: z.number().int().min(0),
  failed: z.number().int().min(0),
  waiting: z.number().int().min(0),
});
export type Mailing = z.infer<typeof mailingSchema>;

/** What sending did: the mailing, and whether its e-mails can leave at all ('none': only logged). */
export const mailingSentSchema = mailingSchema.extend({ smtpSource: smtpSourceSchema });
export type MailingSent = z.infer<typeof mailingSentSchema>;

export const mailingDetailSchema = mailingSchema.extend({
  /** Sanitized HTML. */
  body: z.string(),
  recipientList: z.array(plukMailRecipientSchema),
});
export type MailingDetail = z.infer<typeof mailingDetailSchema>;

export const mailingPageSchema = feedPageSchema(mailingSchema);
export type MailingPage = z.infer<typeof mailingPageSchema>;

export const mailingsQuerySchema = z.object(
  feedPageQuery({
    defaultSize: communicationLimits.mailingsPageSize,
    maxSize: communicationLimits.mailingsPageSizeMax,
  }),
);

export const emailLogStatusSchema = z.enum(['sent', 'not_sent', 'failed']);
export type EmailLogStatus = z.infer<typeof emailLogStatusSchema>;

export const emailLogQuerySchema = z.object({
  ...feedPageQuery({
    defaultSize: communicationLimits.logPageSize,
    maxSize: communicationLimits.logPageSizeMax,
  }),
  status: emailLogStatusSchema.optional(),
  /** In the address or the subject. */
  search: z.string().trim().max(communicationLimits.searchMax, 'Zoek op hoogstens 100 tekens.').optional(),
});
export type EmailLogQuery = z.input<typeof emailLogQuerySchema>;

export const emailLogEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: emailLogStatusSchema,
  error: z.string().nullable(),
  mailingId: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
});
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;

export const emailLogPageSchema = feedPageSchema(emailLogEntrySchema);
export type EmailLogPage = z.infer<typeof emailLogPageSchema>;

export const memberSearchQuerySchema = z.object({
  search: z.string().trim().max(communicationLimits.searchMax, 'Zoek op hoogstens 100 tekens.').default(''),
});

export const mailableMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** False: this member asked for no e-mails (left out of mailings). */
  receiveEmails: z.boolean(),
});
export type MailableMember = z.infer<typeof mailableMemberSchema>;

/** What the compose form offers: the farm's subscriptions, and whether e-mails leave the farm at all. */
export const communicationOptionsSchema = z.object({
  smtpSource: smtpSourceSchema,
  subscriptions: z.array(z.object({ id: z.number().int(), name: z.string(), harvestYear: z.number().int() })),
});
export type CommunicationOptions = z.infer<typeof communicationOptionsSchema>;

const templatesManager = { role: 'ApplicationManager' } as const;
const admin = { role: 'Admin' } as const;
const mailer = { role: 'PostManager' } as const;
const base = 'applicationManager/communication';

export const communicationRoutes = {
  templates: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: 'admin/settings/email',
    permission: templatesManager,
    summary: 'Every e-mail template of the farm (its own text or the default) with its placeholders.',
    response: { 200: emailTemplatesSchema },
  }),
  saveTemplate: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: 'admin/settings/email',
    permission: templatesManager,
    summary:
      "Saves one template's subject and body; the default text again removes the farm's own. An unknown {placeholder} answers 400.",
    body: emailTemplateInputSchema,
    response: { 200: emailTemplateSchema },
  }),
  previewTemplate: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: 'admin/settings/email/preview',
    permission: templatesManager,
    summary: "The editor's text filled in with a real member's data (the manager's own when no userId).",
    body: emailTemplatePreviewInputSchema,
    response: { 200: emailPreviewSchema },
  }),
  testTemplate: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: 'admin/settings/email/test',
    permission: templatesManager,
    summary: "Queues the editor's text, filled in with a member's data, to the manager's own address.",
    body: emailTemplatePreviewInputSchema,
    response: { 200: emailTestSentSchema },
  }),
  smtp: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: 'admin/settings/smtp',
    permission: admin,
    summary: "The farm's SMTP server; the password is never sent back, only whether there is one.",
    response: { 200: smtpSettingsSchema },
  }),
  saveSmtp: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: 'admin/settings/smtp',
    permission: admin,
    summary:
      "Saves the farm's SMTP server. No password keeps the stored one; an empty server removes the farm's own.",
    body: smtpSettingsInputSchema,
    response: { 200: smtpSettingsSchema },
  }),
  testSmtp: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: 'admin/settings/smtp/test',
    permission: admin,
    summary:
      'Connects to the saved SMTP server (a bounded wait) and says in Dutch whether it answers and accepts the login.',
    response: { 200: smtpTestResultSchema },
  }),
  options: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: `${base}/options`,
    permission: mailer,
    summary:
      "The compose form's choices: the farm's subscriptions (newest harvest year first) and where e-mails go (farm SMTP, the server's, or none: recorded, not sent).",
    response: { 200: communicationOptionsSchema },
  }),
  members: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: `${base}/members`,
    permission: mailer,
    summary: 'Approved, active members whose name matches, for choosing recipients (at most 20).',
    query: memberSearchQuerySchema,
    response: { 200: z.array(mailableMemberSchema) },
  }),
  recipients: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: `${base}/recipients`,
    permission: mailer,
    summary: 'How many members an audience reaches now, and how many of it do not want e-mails.',
    body: mailingRecipientsInputSchema,
    response: { 200: mailingRecipientCountSchema },
  }),
  send: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: `${base}/mailings`,
    permission: mailer,
    summary:
      'Sends a mailing: one queued e-mail per member of the audience who receives e-mails. The same idempotencyKey again answers the same mailing (409 IDEMPOTENCY_KEY_REUSED for another message).',
    body: mailingInputSchema,
    response: { 200: mailingSentSchema },
  }),
  mailingPreview: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: `${base}/mailings/preview`,
    permission: mailer,
    summary:
      "The message in the farm's template as the mailer fills it in for a real member of the audience (the " +
      'first by name, or `userId` when that member is in it); 400 when the audience reaches nobody.',
    body: mailingPreviewInputSchema,
    response: { 200: mailingPreviewSchema },
  }),
  mailingTest: defineRoute({
    feature: 'communication',
    method: 'POST',
    path: `${base}/mailings/test`,
    permission: mailer,
    summary:
      "Queues the message, filled in with the manager's own data, to the manager's own address (one job); " +
      "answers where it went and whether e-mails leave the farm ('none': logged as not sent).",
    body: mailingTestInputSchema,
    response: { 200: emailTestSentSchema },
  }),
  mailings: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: `${base}/mailings`,
    permission: mailer,
    summary: 'The mailings, newest first, with their progress.',
    query: mailingsQuerySchema,
    response: { 200: mailingPageSchema },
  }),
  mailing: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: `${base}/mailings/:id`,
    permission: mailer,
    summary: 'One mailing with its message and every recipient’s status.',
    params: idParamsSchema,
    response: { 200: mailingDetailSchema },
  }),
  emailLog: defineRoute({
    feature: 'communication',
    method: 'GET',
    path: `${base}/emailLog`,
    permission: templatesManager,
    summary:
      'Every e-mail the app sent or recorded (to, subject, status, time), newest first; by status or search.',
    query: emailLogQuerySchema,
    response: { 200: emailLogPageSchema },
  }),
};
