import type { ReactNode } from 'react';
import { PlantLoader } from './plant-loader';
import { UpdateScreen } from './update-screen';
import { useBoot } from './use-boot';

/** Renders the app only once start-up is done; the plant grows meanwhile. */
export function Boot({ children }: { children: ReactNode }) {
  const status = useBoot();
  if (status === 'loading') return <PlantLoader />;
  if (status === 'update') return <UpdateScreen />;
  return children;
}
