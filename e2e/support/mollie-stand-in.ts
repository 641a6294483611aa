/**
 * The journeys' Mollie: the server tests' stand-in (`packages/server/test/helpers/mollie-stand-in.ts`)
 * on a fixed loopback port, knowing only `mollieApiKey`. Playwright starts it as `node
 * support/mollie-stand-in.ts` (hence the `.ts` imports: Node runs them as they are).
 */
import { startMollieStandIn } from '../../packages/server/test/helpers/mollie-stand-in.ts';
import { mollieApiKey, mollieStandInPort } from './mollie.ts';

const standIn = await startMollieStandIn({ port: mollieStandInPort, apiKeys: [mollieApiKey] });

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
