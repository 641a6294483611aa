import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeCounts,
  makePolicySummary,
  policiesApi,
  policiesPath,
  reenrolmentHandlers,
  reenrolmentManager,
} from '../../../../test/reenrolment-manager-fixtures';
import { expectErrorWithRetry, feedPage, json, renderApp } from '../../../../test/utils';

describe('re-enrolment rounds (manager list)', () => {
  it('shows each round with its year, deadline, state and counts, and loads more', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: policiesPath,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`GET ${policiesApi}`]: (request) => {
          const query = new URL(request.url, 'http://x').searchParams;
          return query.get('after') === 'cursor-1'
            ? json(
                feedPage(
                  [
                    makePolicySummary({
                      id: 5,
                      harvestYear: 2029,
                      title: 'Herinschrijving 2029',
                      deadline: '2029-03-01',
                      isEnded: true,
                      convertedAt: '2029-03-05T10:00:00.000Z',
                    }),
                  ],
                  { page: 1, pageSize: 2, total: 3 },
                ),
              )
            : json(
                feedPage(
                  [
                    makePolicySummary(),
                    makePolicySummary({
                      id: 6,
                      harvestYear: 2030,
                      title: 'Herinschrijving 2030',
                      deadline: '2030-03-01',
                      isEnded: true,
                      offerCount: 1,
                      counts: makeCounts({
                        questionnaires: 0,
                        open: 0,
                        submitted: 0,
                        continuing: 0,
                        stopping: 0,
                      }),
                    }),
                  ],
                  { pageSize: 2, total: 3 },
                ),
              );
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Herinschrijving' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Herinschrijvingsrondes' });
    const first = within(list).getByRole('link', { name: /Inschrijven voor 2031/ });
    expect(first).toHaveAttribute('href', `${policiesPath}/7`);
    expect(first).toHaveTextContent('Oogstjaar 2031 · antwoorden tot en met 28 feb 2031');
    expect(first).toHaveTextContent('2 abonnementen');
    expect(first).toHaveTextContent('Beantwoord: 25 van 40 · Verder: 20 · Stoppen: 5');
    expect(within(first).getByText('Open')).toBeInTheDocument();
    const second = within(list).getByRole('link', { name: /Herinschrijving 2030/ });
    expect(second).toHaveTextContent('1 abonnement');
    expect(second).toHaveTextContent('Nog geen vragenlijsten');
    expect(within(second).getByText('Deadline voorbij')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuwe ronde' })).toHaveAttribute('href', `${policiesPath}/new`);
    expect(screen.getByRole('link', { name: 'Vragenlijsten aanmaken' })).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions/createQuestionsForNextYear',
    );

    expect(screen.getByText('2 van 3 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    const third = await within(list).findByRole('link', { name: /Herinschrijving 2029/ });
    expect(within(third).getByText('Verwerkt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    const pages = fetch.calls.filter((call) => call.path === policiesApi);
    expect(pages.map((call) => new URL(call.url, 'http://x').searchParams.get('page'))).toEqual(['0', '1']);
  });

  it('offers to make the first round when there is none', async () => {
    renderApp({
      path: policiesPath,
      account: reenrolmentManager,
      handlers: { ...reenrolmentHandlers(), [`GET ${policiesApi}`]: () => json(feedPage([])) },
    });
    expect(await screen.findByText('Nog geen herinschrijvingsronde')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuwe ronde' })).toHaveAttribute('href', `${policiesPath}/new`);
    expect(screen.queryByRole('link', { name: 'Vragenlijsten aanmaken' })).not.toBeInTheDocument();
  });

  it('says why the list did not load, with a retry', async () => {
    await expectErrorWithRetry({
      path: policiesPath,
      account: reenrolmentManager,
      handlers: reenrolmentHandlers(),
      failing: `GET ${policiesApi}`,
    });
  });

  it('has a tile on the manager home, for an ApplicationManager only', async () => {
    const { unmount } = renderApp({
      path: '/applicationManager',
      account: reenrolmentManager,
      handlers: reenrolmentHandlers(),
    });
    expect(await screen.findByRole('link', { name: /^Herinschrijving/ })).toHaveAttribute(
      'href',
      policiesPath,
    );
    unmount();
    renderApp({
      path: '/applicationManager',
      account: { ...reenrolmentManager, roles: ['BankManager'] },
      handlers: reenrolmentHandlers(),
    });
    await screen.findByRole('link', { name: /^Jaarlijkse transacties/ });
    expect(screen.queryByRole('link', { name: /^Herinschrijving/ })).not.toBeInTheDocument();
  });

  it('is not open to a member without the ApplicationManager role', async () => {
    renderApp({
      path: policiesPath,
      account: { ...reenrolmentManager, roles: ['BankManager'] },
      handlers: reenrolmentHandlers(),
    });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Herinschrijvingsrondes' })).toBeNull());
  });
});
