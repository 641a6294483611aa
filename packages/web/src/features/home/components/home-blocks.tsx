import { IconCalendarEvent, IconChecklist, IconClock, IconMapPin, IconNews } from '@tabler/icons-react';
import type { EventSummary, PostListItem, TaskSummary } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeTasks, useLatestPost, useNextEvent } from '../api/home-queries';
import { formatDate, formatDayTime } from '../../../lib/dates';
import { HomeBlock } from './home-block';
import { AttendanceStatusBadge, ChoreStatusBadge } from '../../../components/status/status-badges';
import { CardLink, StatusBadge } from './home-card';
import classes from './home.module.css';

/** Where each block links (the app's paths, passed in by the home route). */
export interface HomeLinks {
  task: (id: number) => string;
  tasks: string;
  offer: (id: number) => string;
  market: string;
  request: (id: number) => string;
  requests: string;
  post: (id: number) => string;
  event: (id: number) => string;
  events: string;
}

/** A card's small grey line with its icon (when, where, whose). */
export function Meta({ icon: MetaIcon, children }: { icon: typeof IconClock; children: string }) {
  return (
    <div className={classes.meta}>
      <MetaIcon size={16} aria-hidden className={classes.metaIcon} />
      <p className={classes.metaText}>{children}</p>
    </div>
  );
}

/** A card's lines, the first its title with an optional badge at the right. */
export function CardLines({
  title,
  badge,
  children,
}: {
  title: string;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={classes.lines}>
      <div className={classes.titleRow}>
        <p className={classes.title}>{title}</p>
        {badge}
      </div>
      {children}
    </div>
  );
}

/** The cards of a block: one column on a phone, two from a tablet on (was Mantine's SimpleGrid). */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

function TaskCard({ task, to }: { task: TaskSummary; to: string }) {
  const { t } = useTranslation('home');
  return (
    <CardLink to={to}>
      <CardLines
        title={task.title}
        badge={
          task.myStatus ? (
            <ChoreStatusBadge status={task.myStatus} />
          ) : (
            <StatusBadge color={task.isFull ? 'gray' : 'green'}>
              {task.isFull ? t('tasks.full') : t('tasks.placesLeft', { count: task.placesLeft })}
            </StatusBadge>
          )
        }
      >
        <Meta icon={IconClock}>{formatDayTime(task.startsAt)}</Meta>
        {task.location && <Meta icon={IconMapPin}>{task.location}</Meta>}
      </CardLines>
    </CardLink>
  );
}

/** Open chores (six at most), each to its detail, and the way to all chores. */
export function HomeTasksBlock({ links }: { links: HomeLinks }) {
  const { t } = useTranslation('home');
  const query = useHomeTasks();
  return (
    <HomeBlock
      title={t('tasks.title')}
      icon={IconChecklist}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('tasks.empty')}
      more={{ to: links.tasks, label: t('tasks.all') }}
      rows={2}
    >
      {(data) => (
        <CardGrid>
          {data.items.map((task) => (
            <TaskCard key={task.id} task={task} to={links.task(task.id)} />
          ))}
        </CardGrid>
      )}
    </HomeBlock>
  );
}

function PostCard({ post, to }: { post: PostListItem; to: string }) {
  const { t } = useTranslation('home');
  return (
    <CardLink to={to}>
      <CardLines title={post.title}>
        {post.excerpt && <p className={`${classes.excerpt} pluk-wrap`}>{post.excerpt}</p>}
        <p className={classes.published}>{t('post.published', { date: formatDate(post.publishedAt) })}</p>
      </CardLines>
    </CardLink>
  );
}

/** The latest post. */
export function LatestPostBlock({ links }: { links: HomeLinks }) {
  const { t } = useTranslation('home');
  const query = useLatestPost();
  return (
    <HomeBlock
      title={t('post.title')}
      icon={IconNews}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('post.empty')}
    >
      {(data) => data.items[0] && <PostCard post={data.items[0]} to={links.post(data.items[0].id)} />}
    </HomeBlock>
  );
}

function EventCard({ event, to }: { event: EventSummary; to: string }) {
  const { t } = useTranslation('home');
  const places =
    event.placesLeft === null
      ? null
      : event.placesLeft === 0
        ? t('event.full')
        : t('event.placesLeft', { count: event.placesLeft });
  return (
    <CardLink to={to}>
      <CardLines
        title={event.title}
        badge={
          event.myAttendance ? (
            <AttendanceStatusBadge status={event.myAttendance.status} />
          ) : (
            places && <StatusBadge color={event.placesLeft === 0 ? 'gray' : 'green'}>{places}</StatusBadge>
          )
        }
      >
        <Meta icon={IconClock}>{formatDayTime(event.startDate)}</Meta>
        {event.location && <Meta icon={IconMapPin}>{event.location}</Meta>}
      </CardLines>
    </CardLink>
  );
}

/** The next event that has not ended. */
export function NextEventBlock({ links }: { links: HomeLinks }) {
  const { t } = useTranslation('home');
  const query = useNextEvent();
  return (
    <HomeBlock
      title={t('event.title')}
      icon={IconCalendarEvent}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('event.empty')}
      more={{ to: links.events, label: t('event.all') }}
    >
      {(data) => data.items[0] && <EventCard event={data.items[0]} to={links.event(data.items[0].id)} />}
    </HomeBlock>
  );
}
