import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

/** The handlers of some of the bank's routes: each part of the module answers its own. */
export type BankHandlers<K extends keyof typeof api.bank> = Pick<FeatureHandlers<typeof api.bank>, K>;
