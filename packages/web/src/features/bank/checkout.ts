/**
 * Leaving the app for the payment provider's checkout page. An object, so tests can replace the one
 * step jsdom cannot take (a real page load) and see where the browser would have gone.
 */
export const checkout = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Only a web address is followed: never `javascript:` or another scheme, whatever the answer holds. */
export function isCheckoutUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
