import { AnalystViewScreen } from '../../../features/analyst/components/analyst-view';

/** /analyst/graph: the general overview. */
export const AnalystGraphRoute = () => <AnalystViewScreen slug="graph" />;
/** /analyst/wallet: virtual money. */
export const AnalystWalletRoute = () => <AnalystViewScreen slug="wallet" />;
/** /analyst/event: events and attendance. */
export const AnalystEventRoute = () => <AnalystViewScreen slug="event" />;
/** /analyst/Request: requests. */
export const AnalystRequestRoute = () => <AnalystViewScreen slug="request" />;
/** /analyst/task: chores and credits. */
export const AnalystTaskRoute = () => <AnalystViewScreen slug="task" />;
/** /analyst/product: the market. */
export const AnalystProductRoute = () => <AnalystViewScreen slug="product" />;
