import type { FastifyInstance } from 'fastify';
import { settingValue } from '../../../lib/app-settings.js';
import { bankSettingKeys } from '../setting-keys.js';
import { createMollieGateway, type MollieGateway } from './gateway.js';

/** A farm's own Mollie: its key (each farm has its own Mollie account) and a gateway speaking with it. */
export interface FarmMollie {
  apiKey: string;
  gateway: MollieGateway;
}

/**
 * Where the bank's Mollie routes get their gateway, decorated on the app as `app.mollieGateways`, so a
 * test can count or replace what reaches Mollie. Every call uses the key of the farm that asks: a farm
 * never acts with another farm's key.
 */
export interface MollieGateways {
  /** This farm's gateway, or null while it has no key. */
  forFarm(appId: string): Promise<FarmMollie | null>;
  /** A gateway for a key (checking a key before it is saved; `forFarm` goes through here too). */
  forKey(apiKey: string): MollieGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Mollie, per farm (decision 078). */
    mollieGateways: MollieGateways;
  }
}

export function registerMollieGateways(app: FastifyInstance): void {
  if (app.hasDecorator('mollieGateways')) return;
  const gateways: MollieGateways = {
    async forFarm(appId) {
      const apiKey = (await settingValue(app.db, appId, bankSettingKeys.mollieApiKey))?.trim();
      if (!apiKey) return null;
      // Through the decorated object, so a test that swaps `forKey` sees these calls too.
      return { apiKey, gateway: app.mollieGateways.forKey(apiKey) };
    },
    forKey(apiKey) {
      return createMollieGateway({
        apiKey,
        apiUrl: app.config.mollieApiUrl,
        timeoutMs: app.config.mollieTimeoutMs,
      });
    },
  };
  app.decorate('mollieGateways', gateways);
}
