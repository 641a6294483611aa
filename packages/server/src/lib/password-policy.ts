import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from './http-error.js';

/**
 * Common and breached passwords (ADR 054): the 49,233 most common passwords of the breach corpora
 * that @zxcvbn-ts/language-common ships, compared case-insensitively. Loaded once, on the server only
 * (the web app checks the length; this list never reaches the browser's first load).
 */
const commonPasswords: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as readonly string[]).map((password) => password.toLowerCase()),
);

export const commonPasswordMessage =
  'Dit wachtwoord is te gekend: het staat op een lijst van veelgebruikte of gelekte wachtwoorden. Kies een ander.';

/** Whether a password is on the list of common and breached passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/**
 * Refuses a new password that is on the list, with a Dutch message on `field` (register, reset,
 * change). The length (8 to 200) is the contract's schema's check, done before this.
 */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, 'VALIDATION_ERROR', commonPasswordMessage, { [field]: commonPasswordMessage });
  }
}
