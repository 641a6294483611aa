import type { ReactNode } from 'react';
import { PlantLoader } from './plant-loader';
import { UpdateScreen } from './update-screen';
import { useBoot, type BootStatus } from './use-boot';

/**
 * Renders the app only once start-up is done; the plant grows meanwhile. `done`: the start-up already
 * ran before the first render (`main.tsx`).
 */
export function Boot({ children, done }: { children: ReactNode; done?: Exclude<BootStatus, 'loading'> }) {
  const status = useBoot(done);
  if (status === 'loading') return <PlantLoader />;
  if (status === 'update') return <UpdateScreen />;
  return children;
}
