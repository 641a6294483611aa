import type { NotificationInput } from '../notification/notify.js';
import { farmTimeZone } from '../harvest-year.js';

const whenFormat = new Intl.DateTimeFormat('nl-BE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: farmTimeZone,
});

/** "zaterdag 6 juni om 09:00" on the farm's clock. */
export function formatWhen(moment: Date): string {
  return whenFormat.format(moment);
}

interface TaskInfo {
  id: number;
  title: string;
  startsAt: Date;
  creditsPerPerson: number;
}

const credits = (n: number) => (n === 1 ? '1 werkpunt' : `${n} werkpunten`);

/** The member's notification when a TaskManager confirms their assignment. */
export function confirmedNotification(userId: number, task: TaskInfo): NotificationInput {
  const earned = task.creditsPerPerson > 0 ? ` Je krijgt er ${credits(task.creditsPerPerson)} voor.` : '';
  return {
    userId,
    title: `Je hulp bij "${task.title}" is bevestigd`,
    body: `Bedankt! We rekenen op je op ${formatWhen(new Date(task.startsAt))}.${earned}`,
    link: `/tasks/${task.id}`,
  };
}

/** The member's notification when a TaskManager refuses their assignment. */
export function refusedNotification(
  userId: number,
  task: TaskInfo,
  wasConfirmed: boolean,
): NotificationInput {
  return {
    userId,
    title: `Je inschrijving voor "${task.title}" is geweigerd`,
    body:
      `De beheerder heeft je inschrijving voor ${formatWhen(new Date(task.startsAt))} geweigerd.` +
      (wasConfirmed ? ' De werkpunten ervan zijn geschrapt.' : '') +
      ' Bekijk de andere klusjes waar we hulp zoeken.',
    link: `/tasks/${task.id}`,
  };
}

/** The takers' notification when a task that was still to come is deleted. */
export function deletedNotification(userId: number, task: TaskInfo): NotificationInput {
  return {
    userId,
    title: `Het klusje "${task.title}" gaat niet door`,
    body: `Het klusje van ${formatWhen(new Date(task.startsAt))} is geschrapt. Bedankt om je in te schrijven!`,
    link: '/tasks',
  };
}
