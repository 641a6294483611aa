import type { Icon } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ManagerList } from './manager-list';
import { useWaitingFilter, WaitingSwitch } from './waiting-filter';
import type { FeedPage } from '../lib/feed-pages';

/** The texts each such list names in its own namespace, under `manager.`. */
export type WaitingListText =
  'waitingOnly' | 'new' | 'emptyTitle' | 'emptyText' | 'noneWaitingTitle' | 'noneWaitingText';

/**
 * A manager's list of chores or events with the switch "only what has a sign-up waiting for me" (the
 * to-do list's link, decision 092): one shape for both, so the empty states and the switch read alike.
 */
export function WaitingManagerList<T extends { id: number }>({
  useItems,
  text,
  icon,
  newHref,
  children,
}: {
  /** The list's query hook, asked for the waiting rows only when the switch is on. */
  useItems: (waiting: boolean) => UseInfiniteQueryResult<InfiniteData<FeedPage<T>>>;
  text: (key: WaitingListText) => string;
  icon: Icon;
  newHref: string;
  children: (items: T[]) => ReactNode;
}) {
  const [waiting, setWaiting] = useWaitingFilter();
  const query = useItems(waiting);
  const empty = waiting
    ? { icon, title: text('noneWaitingTitle'), text: text('noneWaitingText') }
    : { icon, title: text('emptyTitle'), text: text('emptyText') };
  return (
    <>
      <WaitingSwitch label={text('waitingOnly')} checked={waiting} onChange={setWaiting} />
      <ManagerList query={query} newHref={newHref} newLabel={text('new')} empty={empty}>
        {children}
      </ManagerList>
    </>
  );
}
