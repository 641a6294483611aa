import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import {
  makeConversion,
  makeCounts,
  makePolicy,
  policiesPath,
  reenrolmentHandlers,
  reenrolmentManager,
} from './reenrolment-manager-fixtures';
import { json, renderApp, type StubHandler } from './utils';

/** Axe check of the manager's re-enrolment screens (decision 079) and their dialogs, as in a11y-bank-admin. */
withoutCanvas();

const conversionApi = 'GET /api/applicationManager/Management/intentsion-policy';
const open = reenrolmentHandlers();
const ended: Record<string, StubHandler> = {
  ...reenrolmentHandlers(makePolicy({ isEnded: true, counts: makeCounts({ open: 0 }) })),
  [conversionApi]: () => json(makeConversion()),
};
const converted = reenrolmentHandlers(
  makePolicy({
    isEnded: true,
    convertedAt: '2031-03-02T10:00:00.000Z',
    offers: makePolicy().offers.map((offer) => ({ ...offer, subscriptionId: 41 })),
  }),
);

const screens = [
  {
    name: 'the rounds',
    path: policiesPath,
    handlers: open,
    ready: () => screen.findByRole('list', { name: 'Herinschrijvingsrondes' }),
  },
  {
    name: 'a new round',
    path: `${policiesPath}/new`,
    handlers: open,
    ready: () => screen.findByRole('textbox', { name: 'Uitleg voor de leden' }),
  },
  {
    name: 'a round to edit',
    path: `${policiesPath}/edit/7`,
    handlers: open,
    ready: () => screen.findByRole('group', { name: 'Abonnement 2' }),
  },
  {
    name: 'the follow-up of an open round',
    path: `${policiesPath}/7`,
    handlers: open,
    ready: () => screen.findByRole('list', { name: 'Antwoorden van de leden' }),
    dialog: { button: 'Herinnering sturen', name: 'Herinnering sturen?' },
  },
  {
    name: 'the follow-up after the deadline',
    path: `${policiesPath}/7`,
    handlers: ended,
    ready: () => screen.findByText('Gezinnen die verder doen'),
    dialog: { button: 'Verwerken', name: 'Antwoorden verwerken?' },
  },
  {
    name: 'the follow-up of a converted round',
    path: `${policiesPath}/7`,
    handlers: converted,
    ready: () => screen.findByRole('link', { name: 'Naar de bank' }),
  },
  {
    name: 'giving out questionnaires',
    path: '/applicationManager/administration-actions/createQuestionsForNextYear',
    handlers: open,
    ready: () => screen.findByRole('combobox', { name: 'Ronde' }),
    dialog: { button: 'Vragenlijsten aanmaken', name: 'Vragenlijsten aanmaken?' },
  },
];

describe('accessibility (axe) of the re-enrolment manager screens', () => {
  it.each(screens)('$name has no violations', async ({ path, handlers, ready, dialog }) => {
    renderApp({ path, account: reenrolmentManager, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    if (!dialog) return;
    await userEvent.setup().click(screen.getAllByRole('button', { name: dialog.button })[0]!);
    const opened = await screen.findByRole('dialog', { name: dialog.name });
    await within(opened).findAllByRole('button');
    expect(await axeViolations()).toEqual([]);
  });

  it('the round form has no violations with its errors shown', async () => {
    renderApp({ path: `${policiesPath}/new`, account: reenrolmentManager, handlers: open });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ronde maken' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('the delete dialog of a round has no violations', async () => {
    renderApp({ path: `${policiesPath}/7`, account: reenrolmentManager, handlers: open });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await screen.findByRole('dialog', { name: 'Ronde verwijderen?' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('on a wide screen', () => {
  const phone = window.matchMedia;
  afterEach(() => {
    window.matchMedia = phone;
  });

  it('the answer filters side by side have no violations', async () => {
    // Every media query matches: the status choices stand in a row instead of one under the other.
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    renderApp({ path: `${policiesPath}/7`, account: reenrolmentManager, handlers: open });
    const status = await screen.findByRole('radiogroup', { name: 'Toon' });
    await waitFor(() => expect(status).toHaveAttribute('data-orientation', 'horizontal'));
    expect(within(status).getAllByRole('radio')).toHaveLength(5);
    expect(await axeViolations()).toEqual([]);
  });
});
