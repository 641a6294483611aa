/**
 * Where the journeys find the Mollie stand-in (`support/mollie-stand-in.ts`, started by Playwright
 * beside Pluk) and the one API key it knows. A journey gives a farm this key (the bank's Mollie
 * settings); Pluk's server reaches the stand-in through `MOLLIE_API_URL`. The stand-in's checkout page
 * (`/checkout/{id}`) has the buttons "Betalen", "Annuleren" and "Mislukt"; `/stand-in/payments` lists
 * the payments, and `/stand-in/payments/{id}/status` and `/stand-in/fail-next` steer it (see
 * `packages/server/test/helpers/mollie-stand-in.ts`).
 */
export { e2eMollieApiKey as mollieApiKey } from '../../packages/server/test/helpers/mollie-stand-in.ts';

export const mollieStandInPort = Number(process.env.E2E_MOLLIE_PORT ?? 3196);
export const mollieStandInUrl = `http://127.0.0.1:${mollieStandInPort}`;
/** Pluk's `MOLLIE_API_URL` in the journeys. */
export const mollieApiUrl = `${mollieStandInUrl}/v2`;
