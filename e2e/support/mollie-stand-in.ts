/**
 * The journeys' Mollie: the server tests' stand-in (`packages/server/test/helpers/mollie-stand-in.ts`)
 * on fixed loopback ports (checkout and controls over HTTP, the API over HTTPS), knowing only
 * `mollieApiKey`. Playwright starts it as `node
 * support/mollie-stand-in.ts` (hence the `.ts` imports: Node runs them as they are).
 */
import { startMollieStandIn } from '../../packages/server/test/helpers/mollie-stand-in.ts';
import { mollieApiKey, mollieApiPort, mollieStandInPort } from './mollie.ts';

const standIn = await startMollieStandIn({
  port: mollieStandInPort,
  apiPort: mollieApiPort,
  apiKeys: [mollieApiKey],
});

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
