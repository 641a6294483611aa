import { formatVirtualMoney } from '@pluk/contract';
import type { NotificationInput } from '../notification/notify.js';

interface RequestInfo {
  id: number;
  title: string;
  rewardCents: number;
}

const link = (request: RequestInfo) => `/requests/${request.id}`;

/** To the requester when another member takes the request. */
export function takenNotification(
  requesterId: number,
  request: RequestInfo,
  takerName: string,
): NotificationInput {
  return {
    userId: requesterId,
    title: `${takerName} neemt je verzoek "${request.title}" op`,
    body: 'Bevestig het verzoek wanneer het gedaan is, of weiger het als het niet lukt.',
    link: link(request),
  };
}

/** To the taker when the requester confirms: the reward has moved. */
export function confirmedNotification(takerId: number, request: RequestInfo): NotificationInput {
  return {
    userId: takerId,
    title:
      request.rewardCents > 0
        ? `Je ontving ${formatVirtualMoney(request.rewardCents)}`
        : `Je hulp bij "${request.title}" is bevestigd`,
    body:
      request.rewardCents > 0
        ? `Je hulp bij "${request.title}" is bevestigd. De beloning staat in je portefeuille.`
        : 'Bedankt voor je hulp!',
    link: request.rewardCents > 0 ? '/wallet' : link(request),
  };
}

/** To the taker when the requester refuses: the request is open again. */
export function refusedNotification(takerId: number, request: RequestInfo): NotificationInput {
  return {
    userId: takerId,
    title: `Je hulp bij "${request.title}" werd geweigerd`,
    body: 'De aanvrager heeft je hulp geweigerd; het verzoek staat opnieuw open.',
    link: link(request),
  };
}

/** To requester and taker when a RequestManager closes the request. */
export function closedNotification(userId: number, request: RequestInfo): NotificationInput {
  return {
    userId,
    title: `Het verzoek "${request.title}" werd afgesloten`,
    body: 'Een beheerder heeft dit verzoek afgesloten. Er wordt geen beloning betaald.',
    link: link(request),
  };
}

/** To the taker when the requester deletes a request they had taken. */
export function deletedNotification(takerId: number, request: RequestInfo): NotificationInput {
  return {
    userId: takerId,
    title: `Het verzoek "${request.title}" werd verwijderd`,
    body: 'De aanvrager heeft het verzoek verwijderd dat je had opgenomen.',
    link: '/requests',
  };
}
