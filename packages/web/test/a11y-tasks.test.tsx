import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagerTask, ManagerTaskDetail, MyCredits, TaskDetail, TaskSummary } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check of every chore and credits screen, as in a11y.test.tsx (colour contrast is checked elsewhere). */
withoutCanvas();

const member = makeAccount();
const manager = makeAccount({ id: 2, roles: ['TaskManager'], firstName: 'Karel', lastName: 'Klus' });

const summary: TaskSummary = {
  id: 5,
  title: 'Aardbeien uitplanten',
  description: 'We planten 300 aardbeiplanten.',
  location: 'Serre',
  startsAt: '2030-06-08T07:00:00.000Z',
  endsAt: '2030-06-08T10:00:00.000Z',
  places: 4,
  creditsPerPerson: 3,
  isClosed: false,
  placesTaken: 1,
  placesLeft: 3,
  isFull: false,
  hasStarted: false,
  hasEnded: false,
  myStatus: null,
};
const detail: TaskDetail = {
  ...summary,
  myAssignmentId: null,
  helpers: [{ firstName: 'Jef', status: 'waiting' }],
};
const { myStatus: _ignored, ...core } = summary;
const managerTask: ManagerTask = {
  ...core,
  waitingCount: 1,
  confirmedCount: 0,
  refusedCount: 0,
  createdAt: '2030-05-01T10:00:00.000Z',
};
const managerDetail: ManagerTaskDetail = {
  ...managerTask,
  takers: [
    {
      assignmentId: 41,
      userId: 3,
      firstName: 'Lien',
      lastName: 'Lid',
      status: 'waiting',
      takenAt: '2030-05-02T10:00:00.000Z',
      handledAt: null,
    },
  ],
};
const credits: MyCredits = {
  harvestYear: 2030,
  startsOn: '2030-03-01',
  endsOn: '2031-02-28',
  entries: [
    { id: 1, date: '2030-04-10T07:00:00.000Z', taskId: 5, taskTitle: 'Fruitbomen snoeien', amount: 3 },
  ],
  total: 3,
  required: null,
};

const handlers: Record<string, StubHandler> = {
  'GET /api/Task/true': () =>
    json(feedPage([summary, { ...summary, id: 6, title: 'Volzet klusje', isFull: true, placesLeft: 0 }])),
  'GET /api/Task/5': () => json(detail),
  'GET /api/comment/task/5': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
  'GET /api/user/tasks': () =>
    json([
      {
        assignmentId: 41,
        status: 'waiting',
        takenAt: '2030-05-02T10:00:00.000Z',
        task: { ...summary, myStatus: 'waiting' },
      },
    ]),
  'GET /api/user/credits': () => json(credits),
  'GET /api/applicationManager/Task': () => json(feedPage([managerTask])),
  'GET /api/applicationManager/Task/5': () => json(managerDetail),
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/notification': () => json([]),
};

const screens = [
  {
    name: 'tasks list',
    path: '/tasks',
    account: member,
    ready: () => screen.findByRole('link', { name: /^Aardbeien uitplanten/ }),
  },
  {
    name: 'task detail',
    path: '/tasks/5',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Ik help mee' }),
  },
  {
    name: 'my tasks',
    path: '/account/tasks',
    account: member,
    ready: () => screen.findByRole('link', { name: /^Aardbeien uitplanten/ }),
  },
  {
    name: 'my credits',
    path: '/account/credits',
    account: member,
    ready: () => screen.findByText('Oogstjaar 2030'),
  },
  {
    name: 'manager tasks',
    path: '/applicationManager/tasks',
    account: manager,
    ready: () => screen.findByRole('link', { name: /^Aardbeien uitplanten/ }),
  },
  {
    name: 'manager task detail',
    path: '/applicationManager/tasks/5',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Lien Lid bevestigen' }),
  },
  {
    name: 'manager new task',
    path: '/applicationManager/tasks/new',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Klusje aanmaken' }),
  },
  {
    name: 'manager edit task',
    path: '/applicationManager/tasks/5/edit',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
];

describe('accessibility (axe) of the chore and credit screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, ready }) => {
    renderApp({ path, account, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the task form has no violations with its errors shown', async () => {
    renderApp({ path: '/applicationManager/tasks/new', account: manager, handlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Klusje aanmaken' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
