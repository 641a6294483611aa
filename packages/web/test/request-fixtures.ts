import type { RequestDetail } from '@pluk/contract';

/** Jos and Lien, and an open request of Jos's: the requests tests' fixtures, shared with the axe check. */
export const jos = { id: 10, firstName: 'Jos', lastName: 'Boer' };
export const lien = { id: 3, firstName: 'Lien', lastName: 'Lid' };

export function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 31,
    title: 'Wie leent me een ladder?',
    description: 'Voor de kersenboom.\nZaterdag graag.',
    rewardCents: 500,
    status: 'open',
    neededBy: null,
    hasEnded: false,
    requester: jos,
    takenBy: null,
    isMine: false,
    isTakenByMe: false,
    createdAt: '2030-05-02T09:00:00.000Z',
    takenAt: null,
    completedAt: null,
    ...overrides,
  };
}
