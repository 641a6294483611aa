/**
 * Where the journeys find the Mollie stand-in (`support/mollie-stand-in.ts`, started by Playwright
 * beside Pluk) and the one API key it knows. A journey gives a farm this key (the bank's Mollie
 * settings); Pluk's server reaches the stand-in's API over HTTPS through `MOLLIE_API_URL` (Mollie's
 * official client speaks nothing else; the server runs with NODE_TLS_REJECT_UNAUTHORIZED=0 for the
 * stand-in's own certificate, decision 078). The checkout page and the controls are plain HTTP on
 * another port, so the browser meets no certificate warning: `/checkout/{id}` has the buttons
 * "Betalen", "Annuleren" and "Mislukt"; `/stand-in/payments` lists the payments, and
 * `/stand-in/payments/{id}/status` and `/stand-in/fail-next` steer it (see
 * `packages/server/test/helpers/mollie-stand-in.ts`).
 */
export { e2eMollieApiKey as mollieApiKey } from '../../packages/server/test/helpers/mollie-stand-in.ts';

/** The checkout pages and controls (plain HTTP). */
export const mollieStandInPort = Number(process.env.E2E_MOLLIE_PORT ?? 3196);
export const mollieStandInUrl = `http://127.0.0.1:${mollieStandInPort}`;
/** The API (HTTPS, the stand-in's own certificate). */
export const mollieApiPort = Number(process.env.E2E_MOLLIE_API_PORT ?? 3195);
/** Pluk's `MOLLIE_API_URL` in the journeys. */
export const mollieApiUrl = `https://127.0.0.1:${mollieApiPort}/v2`;
