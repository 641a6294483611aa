import { screen, within } from '@testing-library/react';
import type { Management } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { json, makeAccount, renderApp } from '../../../../test/utils';

const everything: Management = {
  todo: [
    { key: 'waitingMembers', count: 2, roundId: null },
    { key: 'overduePayments', count: 5, roundId: null },
    { key: 'bankLinesToMatch', count: 1, roundId: null },
    { key: 'reservationsToHandle', count: 0, roundId: null },
    { key: 'choresToConfirm', count: 3, roundId: null },
    { key: 'signUpsToConfirm', count: 4, roundId: null },
    { key: 'feedbackUnanswered', count: 6, roundId: null },
    { key: 'emailsFailed', count: 7, roundId: null },
    { key: 'questionnairesUnanswered', count: 8, roundId: 12 },
  ],
};

function todoLink(name: RegExp) {
  return within(screen.getByRole('region', { name: 'Te doen' })).getByRole('link', { name });
}

describe('/applicationManager: the to-do list', () => {
  it('shows what waits with its count, each a link to the filtered list, and leaves out what is done', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ roles: ['ApplicationManager'] }),
      handlers: { 'GET /api/applicationManager/Management': () => json(everything) },
    });
    expect(await screen.findByRole('link', { name: /Leden wachten op goedkeuring\s*2/ })).toHaveAttribute(
      'href',
      '/applicationManager/users/waiting-list',
    );
    expect(todoLink(/Betalingen zijn te laat\s*5/)).toHaveAttribute(
      'href',
      '/applicationManager/bank?status=open&achterstallig=1',
    );
    expect(todoLink(/Bankverrichtingen nog te koppelen\s*1/)).toHaveAttribute(
      'href',
      '/applicationManager/bank/import',
    );
    expect(todoLink(/klusjes te bevestigen\s*3/)).toHaveAttribute(
      'href',
      '/applicationManager/tasks?wachtend=1',
    );
    expect(todoLink(/evenementen te bevestigen\s*4/)).toHaveAttribute(
      'href',
      '/applicationManager/events?wachtend=1',
    );
    expect(todoLink(/Feedback nog niet beantwoord\s*6/)).toHaveAttribute(
      'href',
      '/applicationManager/feedback?status=open',
    );
    expect(todoLink(/E-mails mislukt.*7/)).toHaveAttribute(
      'href',
      '/applicationManager/communication?status=failed',
    );
    expect(todoLink(/herinschrijving\s*8/)).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions/IntentionPolicy/12?status=open',
    );
    // Nothing waits on the market: no row for it.
    expect(screen.queryByRole('link', { name: /Reservaties op de markt/ })).not.toBeInTheDocument();
    // Below, the areas with their labelled links.
    for (const area of ['Leden', 'Geld', 'Gemeenschap', 'Communicatie', 'Instellingen']) {
      expect(screen.getByRole('heading', { name: area, level: 3 })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('region', { name: 'Leden' })).getByRole('link', { name: /Wachtlijst/ }),
    ).toBeInTheDocument();
  });

  it('shows a TaskManager only its items and its own area', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ roles: ['TaskManager'] }),
      handlers: {
        'GET /api/applicationManager/Management': () =>
          json({ todo: [{ key: 'choresToConfirm', count: 3, roundId: null }] }),
      },
    });
    expect(await screen.findByRole('link', { name: /klusjes te bevestigen\s*3/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Gemeenschap', level: 3 })).toBeInTheDocument();
    for (const area of ['Leden', 'Geld', 'Instellingen']) {
      expect(screen.queryByRole('heading', { name: area, level: 3 })).not.toBeInTheDocument();
    }
  });

  it('says so when nothing waits', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ roles: ['BankManager'] }),
      handlers: {
        'GET /api/applicationManager/Management': () =>
          json({
            todo: [
              { key: 'overduePayments', count: 0, roundId: null },
              { key: 'bankLinesToMatch', count: 0, roundId: null },
            ],
          }),
      },
    });
    expect(await screen.findByText('Alles is afgehandeld: er wacht niets op jou.')).toBeInTheDocument();
  });
});
