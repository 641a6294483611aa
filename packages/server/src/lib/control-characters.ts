/** Control characters the API refuses in any text (ADR 021/052): shared by the input guard and the uploads. */

export const controlCharacterMessage =
  'Dit veld bevat een ongeldig teken (een stuurteken); enkel tab en nieuwe regel zijn toegestaan.';

/**
 * NUL and the other C0 control characters and DEL, except tab, line feed and carriage return (kept for
 * multi-line text). PostgreSQL refuses NUL in text; the others are never typed by a person and only
 * hide text or break e-mail headers and exports (ADR 052).
 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether a text holds a control character the API refuses. */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}
