import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultErrorMessages, reenrolmentLimits } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  makePolicySummary,
  policiesApi,
  policiesPath,
  reenrolmentHandlers,
  reenrolmentManager,
} from '../../../../test/reenrolment-manager-fixtures';
import { feedPage, json, renderApp } from '../../../../test/utils';

const path = '/applicationManager/administration-actions/createQuestionsForNextYear';
const createApi = `/api${path}`;
const rounds = [
  makePolicySummary({ id: 8, harvestYear: 2032, title: 'Inschrijven voor 2032', deadline: '2032-02-28' }),
  makePolicySummary(),
  makePolicySummary({ id: 6, harvestYear: 2030, title: 'Herinschrijving 2030', isEnded: true }),
];
const handlers = { ...reenrolmentHandlers(), [`GET ${policiesApi}`]: () => json(feedPage(rounds)) };

describe('create questionnaires for next year', () => {
  it('offers the open rounds, gives questionnaires after a confirmation and says how many', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: reenrolmentManager,
      handlers: { ...handlers, [`POST ${createApi}`]: () => json({ created: 3, existing: 2 }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vragenlijsten aanmaken' }),
    ).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Ronde' });
    // Only rounds still open: the ended one is left out. All rounds fit one page.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Inschrijven voor 2032 (2032, tot en met 28 feb 2032)',
      'Inschrijven voor 2031 (2031, tot en met 28 feb 2031)',
    ]);
    const asked = fetch.calls.find((call) => call.path === policiesApi);
    expect(new URL(asked!.url, 'http://x').searchParams.get('pageSize')).toBe(
      String(reenrolmentLimits.policiesPageSizeMax),
    );
    await user.selectOptions(select, '7');
    await user.click(screen.getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vragenlijsten aanmaken?' });
    expect(dialog).toHaveTextContent(
      'Elk lid met een abonnement in het huidige oogstjaar krijgt een vragenlijst voor Inschrijven voor 2031 (oogstjaar 2031), te beantwoorden tot en met 28 feb 2031.',
    );
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    expect(
      await screen.findByText('3 vragenlijsten aangemaakt, 2 leden hadden er al een.'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ policyId: 7 });
    expect(screen.getByRole('link', { name: 'Naar de opvolging' })).toHaveAttribute(
      'href',
      `${policiesPath}/7`,
    );
  });

  it('gives questionnaires to the members picked by name only (decision 090)', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...handlers,
        'GET /api/applicationManager/communication/members': () =>
          json([
            { id: 41, name: 'Nele Nieuw', receiveEmails: true },
            { id: 42, name: 'Nico Nieuw', receiveEmails: true },
          ]),
        [`POST ${createApi}`]: () => json({ created: 1, existing: 0 }),
      },
    });
    const audience = await screen.findByRole('radiogroup', { name: 'Voor wie' });
    expect(
      within(audience).getByRole('radio', { name: 'Leden met een abonnement in het huidige oogstjaar' }),
    ).toBeChecked();
    await user.click(within(audience).getByRole('radio', { name: 'Alleen de leden die ik kies' }));
    // Nobody picked yet: said so, nothing asked.
    await user.click(screen.getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    expect(await screen.findByText('Kies minstens één lid.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Leden' }));
    await user.keyboard('Nele');
    await user.click(await screen.findByRole('option', { name: 'Nele Nieuw' }));
    await user.click(screen.getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vragenlijsten aanmaken?' });
    expect(dialog).toHaveTextContent('1 gekozen lid krijgt een vragenlijst voor');
    await user.click(within(dialog).getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    expect(
      await screen.findByText('1 vragenlijst aangemaakt, 0 leden hadden er al een.'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ policyId: 8, userIds: [41] });
  });

  it('preselects the round of the address, and shows why the server refused', async () => {
    const user = userEvent.setup();
    renderApp({
      path: `${path}?ronde=7`,
      account: reenrolmentManager,
      handlers: {
        ...handlers,
        [`POST ${createApi}`]: () =>
          json({ error: { code: 'POLICY_ENDED', message: defaultErrorMessages.POLICY_ENDED } }, 409),
      },
    });
    expect(await screen.findByRole('combobox', { name: 'Ronde' })).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vragenlijsten aanmaken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Vragenlijsten aanmaken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_ENDED);
    await waitFor(() => expect(screen.queryByText(/aangemaakt/)).not.toBeInTheDocument());
  });

  it('says there is no open round, with the way to make one', async () => {
    renderApp({
      path,
      account: reenrolmentManager,
      handlers: { ...handlers, [`GET ${policiesApi}`]: () => json(feedPage([rounds[2]!])) },
    });
    expect(await screen.findByText('Geen open ronde')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuwe ronde' })).toHaveAttribute('href', `${policiesPath}/new`);
    expect(screen.queryByRole('button', { name: 'Vragenlijsten aanmaken' })).not.toBeInTheDocument();
  });
});
