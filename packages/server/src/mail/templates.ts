import type { EmailTemplateName } from '@pluk/contract';
import { escapeHtml } from './payment-templates.js';

/**
 * The e-mails the app sends (the contract lists them for the templates screen). Each has a Dutch default;
 * an app overrides it with settings (ADR 017).
 */
export type TemplateName = EmailTemplateName;

export interface MailTemplate {
  subject: string;
  body: string;
}

export const defaultTemplates: Record<TemplateName, MailTemplate> = {
  welcome: {
    subject: 'Welkom bij {appName}!',
    body: [
      'Dag {firstName},',
      '',
      'Goed nieuws: je account bij {appName} is goedgekeurd. Je bent nu lid!',
      '',
      'Meld je aan met je gebruikersnaam {username} via {loginUrl}',
      '',
      'Tot binnenkort op het veld,',
      '{appName}',
    ].join('\n'),
  },
  registrationReceived: {
    subject: 'Je registratie bij {appName}',
    body: [
      'Dag {firstName},',
      '',
      'Bedankt voor je registratie bij {appName} met de gebruikersnaam {username}.',
      'Je staat nu op de wachtlijst. Een beheerder keurt je account zo snel mogelijk goed;',
      'je krijgt een e-mail zodra dat gebeurd is.',
      '',
      'Registreerde je je niet zelf? Dan mag je deze e-mail negeren.',
      '',
      '{appName}',
    ].join('\n'),
  },
  registrationExistingAccount: {
    subject: 'Je hebt al een account bij {appName}',
    body: [
      'Dag {firstName},',
      '',
      'Iemand probeerde zich bij {appName} te registreren met dit e-mailadres, maar je hebt al een account:',
      'je gebruikersnaam is {username}. Er werd geen nieuw account aangemaakt.',
      '',
      'Wachtwoord vergeten? Vraag via deze link een nieuw wachtwoord aan:',
      '',
      '{resetLink}',
      '',
      'Was jij dit niet? Dan mag je deze e-mail negeren; aan je account verandert niets.',
      '',
      '{appName}',
    ].join('\n'),
  },
  // A registration refused from the waiting list (decision 092); {message} is the manager's own, or empty.
  registrationRefused: {
    subject: 'Je registratie bij {appName} werd niet aanvaard',
    body: [
      'Dag {firstName},',
      '',
      'Bedankt voor je interesse in {appName}. Je registratie met de gebruikersnaam {username} werd niet',
      'aanvaard, en we hebben je gegevens verwijderd.',
      '',
      '{message}',
      '',
      'Heb je een vraag? Antwoord dan gewoon op deze e-mail.',
      '',
      '{appName}',
    ].join('\n'),
  },
  passwordReset: {
    subject: 'Nieuw wachtwoord voor {appName}',
    body: [
      'Dag {firstName},',
      '',
      'Je vroeg een nieuw wachtwoord aan voor je account {username} bij {appName}.',
      'Kies een nieuw wachtwoord via deze link (één uur geldig, één keer te gebruiken):',
      '',
      '{resetLink}',
      '',
      'Vroeg je dit niet aan? Dan mag je deze e-mail negeren; je wachtwoord blijft dan ongewijzigd.',
      '',
      '{appName}',
    ].join('\n'),
  },
  // A changed address is confirmed by its owner before it counts (ADR 087): the link goes to the NEW address.
  emailChangeConfirm: {
    subject: 'Bevestig je nieuwe e-mailadres bij {appName}',
    body: [
      'Dag {firstName},',
      '',
      'Het e-mailadres van je account {username} bij {appName} wordt gewijzigd naar {newEmail}.',
      'Bevestig dat dit jouw adres is via deze link (48 uur geldig, één keer te gebruiken):',
      '',
      '{confirmLink}',
      '',
      'Tot je bevestigt, blijft je account je vorige e-mailadres gebruiken.',
      'Vroeg je dit niet aan? Dan mag je deze e-mail negeren; er verandert niets.',
      '',
      '{appName}',
    ].join('\n'),
  },
  // ... and the OLD address is told, with the new one masked (ADR 087).
  emailChangeNotice: {
    subject: 'Je e-mailadres bij {appName} wordt gewijzigd',
    body: [
      'Dag {firstName},',
      '',
      'Er werd gevraagd om het e-mailadres van je account {username} bij {appName} te wijzigen naar {maskedEmail}.',
      'De wijziging gaat pas in als de link in de e-mail naar dat nieuwe adres gebruikt wordt.',
      'Tot dan blijven e-mails (ook een link voor een nieuw wachtwoord) naar dit adres gaan.',
      '',
      'Was jij dit niet? Neem dan meteen contact op met de beheerders van {appName}.',
      '',
      '{appName}',
    ].join('\n'),
  },
  post: {
    subject: '{appName}: {title}',
    body: [
      'Dag {firstName},',
      '',
      'Er is nieuws van {appName}:',
      '',
      '{title}',
      '',
      '{postText}',
      '',
      "Lees het bericht met de foto's en bijlagen, en reageer, in de app:",
      '{postUrl}',
      '',
      '{appName}',
    ].join('\n'),
  },
  pluk: {
    subject: 'Dit mag je nu plukken bij {appName}',
    body: [
      'Dag {firstName},',
      '',
      'Dit mag je nu plukken bij {appName}:',
      '',
      '{plukText}',
      '',
      "Hoe je het oogst en waar het staat, met foto's, lees je in de app:",
      '{plukUrl}',
      '',
      'Veel plukplezier!',
      '{appName}',
    ].join('\n'),
  },
  // The re-enrolment's reminder (decision 079), to a member who has not answered the round yet.
  intentionReminder: {
    subject: 'Herinnering: doe je in {harvestYear} verder bij {appName}?',
    body: [
      'Dag {firstName},',
      '',
      '{appName} vraagt elk lid of het in oogstjaar {harvestYear} verder doet en welke abonnementen het kiest.',
      'Jouw antwoord hebben we nog niet.',
      '',
      '{title}',
      '',
      'Kijk je gegevens na en kies je abonnementen in de app:',
      '{questionsUrl}',
      '',
      'Je kan antwoorden tot en met {deadline}.',
      '',
      'Tot binnenkort op het veld,',
      '{appName}',
    ].join('\n'),
  },
  // A manager's own e-mail to members (communication, decision 082): the message is theirs, as written.
  communication: {
    subject: '{subject}',
    body: ['Dag {firstName},', '', '{message}', '', '{appName}'].join('\n'),
  },
  // The receipt of an online payment (decision 090), queued once when Mollie's payment closes the transaction.
  paymentReceipt: {
    subject: 'Betaling ontvangen: {description} – {appName}',
    body: [
      'Dag {firstName},',
      '',
      'We ontvingen je online betaling. Bedankt!',
      '',
      'Omschrijving: {description}',
      'Bedrag: {amount}',
      'Betaald op: {paidOn}',
      'Gestructureerde mededeling: {reference}',
      '',
      'Je betaling bekijken:',
      '{paymentUrl}',
      '',
      '{appName}',
    ].join('\n'),
  },
  // My data's ZIP is ready (decision 101): the link opens the privacy page, where only the member,
  // signed in, downloads it.
  myDataReady: {
    subject: 'Je gegevens bij {appName} staan klaar',
    body: [
      'Dag {firstName},',
      '',
      'Je vroeg een kopie van je gegevens bij {appName}. Die staat nu klaar als ZIP-bestand.',
      'Je kan ze downloaden tot {expiresAt}; daarna vervalt de download en kan je een nieuwe aanvragen.',
      '',
      'Meld je aan en download ze hier:',
      '{privacyUrl}',
      '',
      'Vroeg je dit niet zelf aan? Wijzig dan je wachtwoord.',
      '',
      '{appName}',
    ].join('\n'),
  },
  // To the farm's managers when a member deleted their own account (decision 101).
  memberLeft: {
    subject: 'Een lid verwijderde zijn account bij {appName}',
    body: [
      'Dag {firstName},',
      '',
      '{memberName} verwijderde op {deletedOn} zelf het account bij {appName}.',
      'Het account is geanonimiseerd zoals bij een verwijdering door een beheerder: de betalingen en',
      'het plukgeld blijven bewaard onder de naam "Verwijderd lid".',
      '',
      '{appName}',
    ].join('\n'),
  },
};

/**
 * Placeholders whose value may span lines, in an e-mail's body only (never in its subject): the text of a
 * post. Every other value is one line.
 */
export const multilinePlaceholders: ReadonlySet<string> = new Set(['postText', 'plukText', 'message']);

/** The `{placeholders}` an e-mail fills in: those of its default text, in order of appearance. */
export function placeholdersOf(name: TemplateName): string[] {
  const { subject, body } = defaultTemplates[name];
  return [...new Set([...`${subject}\n${body}`.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!))];
}

/**
 * Whether a template keeps the password link on a line of its own and out of the subject (ADR 086): an
 * editor (ApplicationManager) must not glue it onto an address of its own and so receive the reset token
 * of an account above its own. A stored text that breaks this is not used (the default is).
 */
export function resetLinkStandsAlone(part: 'subject' | 'body', text: string): boolean {
  if (!text.includes('{resetLink}')) return true;
  if (part === 'subject') return false;
  return text.split(/\r?\n/).every((line) => !line.includes('{resetLink}') || line.trim() === '{resetLink}');
}

/** Setting keys overriding a template: `email.template.<name>.subject` and `.body`. */
export const templateSettingKey = (name: TemplateName, part: keyof MailTemplate) =>
  `email.template.${name}.${part}`;

/**
 * Every placeholder value is one line: names come from users, and a CR/LF in a first name must not start
 * lines of its own in an e-mail sent in the farm's name (ADR 025). Control characters become spaces.
 */
// eslint-disable-next-line no-control-regex
const lineBreaksAndControls = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

// eslint-disable-next-line no-control-regex
const controlsButLineBreaks = /[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]+/g;

/**
 * Fills `{placeholder}`s; unknown placeholders stay visible so a typo in a template is noticed. With
 * `multiline` (an e-mail's body) the values of `multilinePlaceholders` keep their line breaks.
 */
export function render(
  text: string,
  values: Record<string, string>,
  options: { multiline?: boolean } = {},
): string {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (options.multiline && multilinePlaceholders.has(name)) {
      return value.replace(/\r\n?/g, '\n').replace(controlsButLineBreaks, ' ');
    }
    return value.replace(lineBreaksAndControls, ' ');
  });
}

/**
 * The HTML twin of a filled-in body: the template's text and every value HTML-escaped (line breaks as
 * `<br>`), except `rich` values, which are sanitized HTML already (`lib/rich-text.ts`) and go in as they
 * are. One pass, like `render`: a value is never searched for placeholders itself.
 */
export function renderHtml(
  text: string,
  values: Record<string, string>,
  rich: Record<string, string>,
): string {
  const filled = escapeHtml(text)
    .replace(/\r?\n/g, '<br>\n')
    .replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
      const html = rich[name];
      if (html !== undefined) return html;
      if (values[name] === undefined) return whole;
      return escapeHtml(render(whole, values, { multiline: true })).replace(/\n/g, '<br>\n');
    });
  return `<div style="font-family: sans-serif; line-height: 1.5">${filled}</div>`;
}
