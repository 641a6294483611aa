import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import {
  makeMemberSubscription,
  makeMembership,
  makeMySubscriptionDetail,
  makePlukDetail,
  makePlukOfTheWeek,
  subscriptionManagerHandlers,
} from './harvest-member-fixtures';
import { appInfo, json, makeAccount, renderApp, type StubHandler } from './utils';

/**
 * Axe check of the member's harvest screens and the manager's subscription screens (decision 074), as in
 * a11y-tasks: every screen, its tabs, and its dialogs.
 */
withoutCanvas();

const member = makeAccount();
const manager = makeAccount({ id: 2, roles: ['ApplicationManager'], firstName: 'Mia', lastName: 'Manager' });
const cooperative = {
  ...appInfo,
  appId: 'hetveld',
  appName: 'Het Veld',
  localeVariant: 'nl-be-cooperative' as const,
};

const handlers: Record<string, StubHandler> = {
  ...subscriptionManagerHandlers(),
  'GET /api/pluk/plukoftheweek': () => json(makePlukOfTheWeek()),
  'GET /api/pluk/11/4': () => json(makePlukDetail()),
  'GET /api/User/subscriptions/4': () => json(makeMySubscriptionDetail()),
  'GET /api/User/Membership': () => json(makeMembership()),
  'GET /api/subscription': () =>
    json([
      makeMemberSubscription(),
      makeMemberSubscription({ id: 7, harvestYear: 2031, period: 'next', isOpenForRegistration: true }),
    ]),
};

const screens = [
  {
    name: 'harvest of the moment',
    path: '/pluk',
    account: member,
    ready: () => screen.findByRole('link', { name: /^Sla/ }),
  },
  {
    name: 'harvest of the moment (cooperative)',
    path: '/pluk',
    account: member,
    info: cooperative,
    ready: () => screen.findByRole('link', { name: /^Sla/ }),
  },
  {
    name: 'harvest detail',
    path: '/pluk/detail/11/4',
    account: member,
    ready: () => screen.findByRole('heading', { name: 'Hoe oogsten' }),
  },
  {
    name: 'my subscription',
    path: '/pluk/subscription/4',
    account: member,
    ready: () => screen.findByText('Wortelen'),
  },
  {
    name: 'my membership',
    path: '/account/membership',
    account: member,
    ready: () => screen.findByRole('button', { name: 'Keuze opslaan' }),
  },
  {
    name: 'manager subscriptions',
    path: '/applicationManager/subscription',
    account: manager,
    ready: () => screen.findByRole('link', { name: /^Fruit/ }),
  },
  {
    name: 'manager subscription detail',
    path: '/applicationManager/subscription/4',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Weghalen: Lien Lid' }),
  },
  {
    name: 'manager subscription new',
    path: '/applicationManager/subscription/new?oogstjaar=2031',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Abonnement maken' }),
  },
  {
    name: 'manager subscription edit',
    path: '/applicationManager/subscription/4/edit',
    account: manager,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'assign users',
    path: '/applicationManager/subscription/assigntousers/4',
    account: manager,
    ready: () => screen.findByRole('checkbox', { name: 'Bart Boer' }),
  },
];

describe('accessibility (axe) of the harvest and subscription screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, info, ready }) => {
    renderApp({ path, account, info, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the tabs of my subscription have no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/pluk/subscription/4', account: member, handlers });
    await user.click(await screen.findByRole('tab', { name: 'Gezin en prijs' }));
    await screen.findByText('Mona Lid');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Werkpunten' }));
    await screen.findByRole('progressbar');
    expect(await axeViolations()).toEqual([]);
  });

  it('the delete and remove dialogs and the form errors have no violations', async () => {
    const user = userEvent.setup();
    const view = renderApp({ path: '/applicationManager/subscription/4', account: manager, handlers });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnement verwijderen?' });
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await user.click(screen.getByRole('button', { name: 'Weghalen: Lien Lid' }));
    await screen.findByRole('dialog', { name: 'Lid weghalen?' });
    expect(await axeViolations()).toEqual([]);
    view.unmount();

    renderApp({ path: '/applicationManager/subscription/new', account: manager, handlers });
    await user.click(await screen.findByRole('button', { name: 'Abonnement maken' }));
    await screen.findByText('Vul een naam in.');
    expect(await axeViolations()).toEqual([]);
  });
});
