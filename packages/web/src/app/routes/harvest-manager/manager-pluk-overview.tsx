import { PlukOverviewView } from '../../../features/harvest/components/pluk-overview';

/** /applicationManager/pluk/overview: the week's grid, crop × subscription. */
export function ManagerPlukOverviewRoute() {
  return <PlukOverviewView />;
}
