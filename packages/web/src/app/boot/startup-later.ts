/**
 * 'Later' on the start-up dialog (decision 090): hidden for 24 hours on this device, per user. A
 * timestamp in localStorage under a key naming the account, so a reload or a new start within the day does
 * not ask again, another account on the same browser is asked for itself, and the next day asks again.
 * Only the moment is stored, nothing about the questionnaire.
 */
export const laterForMs = 24 * 60 * 60 * 1000;

export const laterKey = (userId: number) => `pluk.startupQuestions.later.${userId}`;

export function rememberLater(userId: number, now = Date.now()): void {
  try {
    localStorage.setItem(laterKey(userId), String(now));
  } catch {
    // Storage full or refused (private mode): the dialog then stays away for this visit only.
  }
}

/** Whether 'Later' was chosen on this device less than 24 hours ago (a clock set back counts as not). */
export function isPutOff(userId: number, now = Date.now()): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(laterKey(userId));
  } catch {
    return false;
  }
  const at = Number(stored);
  if (stored === null || !Number.isFinite(at)) return false;
  return at <= now && now - at < laterForMs;
}
