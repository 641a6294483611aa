import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HomeTasksBlock,
  LatestPostBlock,
  NextEventBlock,
  type HomeLinks,
} from '../../features/home/components/home-blocks';
import { HomeOffersBlock, HomeRequestsBlock } from '../../features/home/components/home-market-blocks';
import { HomeOwedBlock } from '../../features/home/components/home-owed-block';
import { useMyTransactions } from '../../features/bank/api/get-my-transactions';
import {
  useHomeOffers,
  useHomeRequests,
  useHomeTasks,
  useLatestPost,
  useNextEvent,
} from '../../features/home/api/home-queries';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { useAccount } from '../../features/user/api/get-account';
import { OnlineMembers } from '../../features/user/components/online-members';
import { WeatherCard } from '../../features/weather/components/weather-card';
import { useWeather } from '../../features/weather/api/get-weather';
import { paths } from '../paths';

/** How long the home waits for all its blocks before showing each on its own (with skeletons). */
export const blocksTogetherMs = 800;

/**
 * True once every block's first answer is in (or after `blocksTogetherMs`): the blocks then appear
 * at once, each at its final height, instead of skeletons that grow and push the next blocks down
 * (layout shift, decision 045). Once true it stays true: a block that failed is fetched again when
 * it mounts, and goes back to pending (it never had data); flipping back to the loader would unmount
 * the blocks and start that over and over (every block refetched in a loop until the timer ran out).
 */
function useBlocksReady(): boolean {
  const pending = [
    useMyTransactions(),
    useWeather(),
    useHomeTasks(),
    useHomeOffers(),
    useHomeRequests(),
    useNextEvent(),
    useLatestPost(),
  ].some((q) => q.isPending);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  const [wasReady, setWasReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), blocksTogetherMs);
    return () => clearTimeout(timer);
  }, []);
  const ready = wasReady || !pending || waitedLongEnough;
  useEffect(() => {
    if (ready) setWasReady(true);
  }, [ready]);
  return ready;
}

/** The blocks rendered in the first pass once the answers are in: what a phone shows at the top. */
const firstBlocks = 2;

/**
 * How many of the `total` blocks to render: none before `ready`, then the first `firstBlocks` at once and
 * one more per task after that (decision 069). Rendering all six blocks in one go was one long task on a
 * phone (about 65 ms, 260 ms at Lighthouse's 4× slowdown) before the first chore showed; the blocks below
 * only grow the page downwards, so nothing above them moves.
 */
function useBlocksShown(total: number, ready: boolean): number {
  const [shown, setShown] = useState(firstBlocks);
  useEffect(() => {
    if (!ready || shown >= total) return;
    return afterNextPaint(() => setShown((n) => n + 1));
  }, [ready, shown, total]);
  return ready ? shown : 0;
}

/**
 * Runs `next` in a task after the browser has painted what is rendered now, and returns its cancel. A
 * plain `setTimeout(0)` runs before the next frame: the first blocks (with the chore titles, the
 * screen's largest text) then waited to be painted until the next blocks were rendered too (decision 071).
 */
function afterNextPaint(next: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(next, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

const links: HomeLinks = {
  task: paths.task.getHref,
  tasks: paths.tasks.getHref(),
  offer: paths.marketOffer.getHref,
  market: paths.market.getHref(),
  request: paths.request.getHref,
  requests: paths.requests.getHref(),
  post: paths.post.getHref,
  event: paths.event.getHref,
  events: paths.events.getHref(),
};

/**
 * The member home (/): the greeting, what I owe (only when something is open), today's weather, open chores, the market's offers, open requests,
 * the next event and the latest post. Each block loads and fails on its own.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const account = useAccount().data;
  const info = useAppInfo();
  const blocksReady = useBlocksReady();
  // The same elements on every render: revealing the next block then renders only that one (an element
  // the renderer saw before is skipped), not every block above it again.
  const blocks = useMemo(
    () => [
      // What I owe first (decision 090): nothing when nothing is open.
      <HomeOwedBlock key="owed" payment={paths.bank.payment.getHref} />,
      <WeatherCard key="weather" />,
      <HomeTasksBlock key="tasks" links={links} />,
      <HomeOffersBlock key="offers" links={links} />,
      <HomeRequestsBlock key="requests" links={links} />,
      <NextEventBlock key="event" links={links} />,
      <LatestPostBlock key="post" links={links} />,
    ],
    [],
  );
  const shown = useBlocksShown(blocks.length, blocksReady);
  if (!account) return null;
  return (
    <Stack gap="lg" py="md">
      <Stack gap={2}>
        <Title order={2}>{t('home.greeting', { firstName: account.firstName })}</Title>
        <Text c="dimmed">{t('home.welcome', { appName: info?.appName ?? t('productName') })}</Text>
        <OnlineMembers />
      </Stack>
      {blocksReady ? (
        blocks.slice(0, shown)
      ) : (
        <Loader mx="auto" mt="xl" role="status" aria-label={t('states.loading')} />
      )}
    </Stack>
  );
}
