import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultErrorMessages } from '@pluk/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  makeConversion,
  makeCounts,
  makePolicy,
  policiesApi,
  policiesPath,
  reenrolmentHandlers,
  reenrolmentManager,
} from '../../../../test/reenrolment-manager-fixtures';
import { apiError, json, renderApp } from '../../../../test/utils';

const path = `${policiesPath}/7`;
const conversionApi = '/api/applicationManager/Management/intentsion-policy';
const ended = makePolicy({ isEnded: true, counts: makeCounts({ open: 0, questionnaires: 25 }) });
const figure = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling;
const searchOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('re-enrolment follow-up', () => {
  it('shows the figures, the totals per offer and every answer; the filters ask the server', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path, account: reenrolmentManager, handlers: reenrolmentHandlers() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opvolging herinschrijving' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Inschrijven voor 2031' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Oogstjaar 2031 · Antwoorden tot en met 28 feb 2031/)).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Stand van de antwoorden' });
    expect(figure('Vragenlijsten')).toHaveTextContent('40');
    expect(figure('Beantwoord')).toHaveTextContent('25');
    expect(figure('Gaan verder')).toHaveTextContent('20');
    expect(figure('Stoppen')).toHaveTextContent('5');
    expect(figure('Niet beantwoord')).toHaveTextContent('15');
    const perOffer = within(screen.getByRole('list', { name: 'Per abonnement' })).getAllByRole('listitem');
    expect(perOffer.map((item) => item.textContent)).toEqual([
      'Groenten18 gezinnen · 30 volwassenen · 12 kinderen€\u00a04.500,00',
      'Fruit6 gezinnen · 10 volwassenen · 1 kind€\u00a0840,00',
    ]);
    expect(screen.getByText('Samen: € 5.340,00')).toBeInTheDocument();

    const answers = await screen.findByRole('list', { name: 'Antwoorden van de leden' });
    const [lien, jan] = within(answers).getAllByRole('listitem');
    expect(lien).toHaveTextContent('Lien Lid');
    expect(lien).toHaveTextContent('Gaat verder');
    expect(lien).toHaveTextContent('Koos: Groenten');
    expect(lien).toHaveTextContent('Gezin: 2 volwassenen, 1 kind');
    expect(lien).toHaveTextContent('Te betalen: € 312,50');
    expect(jan).toHaveTextContent('Jan Peeters');
    expect(jan).toHaveTextContent('Niet beantwoord');
    expect(jan).toHaveTextContent(/Herinnerd 5 dec 2030/);
    expect(jan).not.toHaveTextContent('Te betalen');

    const answerCalls = () => fetch.calls.filter((call) => call.path === `${policiesApi}/7/answers`);
    expect(searchOf(answerCalls()[0]!.url)).toEqual({ page: '0' });
    await user.click(screen.getByRole('radio', { name: 'Gaan verder' }));
    await waitFor(() =>
      expect(searchOf(answerCalls().at(-1)!.url)).toEqual({ status: 'continue', page: '0' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Abonnement' }), 'Fruit');
    await waitFor(() =>
      expect(searchOf(answerCalls().at(-1)!.url)).toEqual({ status: 'continue', offerId: '32', page: '0' }),
    );
    await user.type(screen.getByRole('searchbox', { name: /^Zoeken/ }), 'jan');
    await waitFor(() =>
      expect(searchOf(answerCalls().at(-1)!.url)).toEqual({
        status: 'continue',
        offerId: '32',
        search: 'jan',
        page: '0',
      }),
    );
    await user.click(screen.getByRole('radio', { name: 'Alle' }));
    await waitFor(() =>
      expect(searchOf(answerCalls().at(-1)!.url)).toEqual({ offerId: '32', search: 'jan', page: '0' }),
    );
  });

  it('says why the round cannot be converted before its deadline, and reminds who has not answered', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`POST ${policiesApi}/7/reminders`]: () => json({ queued: 13, skipped: 2 }),
      },
    });
    expect(
      await screen.findByText(
        'Verwerken kan pas na de deadline (28 feb 2031): tot en met die dag kunnen leden hun keuze nog wijzigen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verwerken' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vragenlijsten aanmaken' })).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions/createQuestionsForNextYear?ronde=7',
    );
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute('href', `${policiesPath}/edit/7`);

    await user.click(screen.getByRole('button', { name: 'Herinnering sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Herinnering sturen?' });
    expect(dialog).toHaveTextContent(
      'De 15 leden die nog niet antwoordden, krijgen een herinnering per e-mail.',
    );
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    expect(
      await screen.findByText('13 herinneringen verstuurd, 2 vandaag al herinnerd.'),
    ).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${policiesApi}/7/reminders`,
    ]);
  });

  it('shows why reminding was refused (the deadline passed meanwhile)', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`POST ${policiesApi}/7/reminders`]: () =>
          json({ error: { code: 'POLICY_ENDED', message: defaultErrorMessages.POLICY_ENDED } }, 409),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Herinnering sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Herinnering sturen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_ENDED);
  });

  it('after the deadline: previews the conversion, converts after a confirmation and shows what it made', async () => {
    const user = userEvent.setup();
    let converted = false;
    const { fetch } = renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(ended),
        [`GET ${policiesApi}/7`]: () =>
          json(
            converted
              ? {
                  ...ended,
                  convertedAt: new Date().toISOString(),
                  offers: ended.offers.map((offer, index) => ({ ...offer, subscriptionId: 41 + index })),
                }
              : ended,
          ),
        [`GET ${conversionApi}`]: () => json(makeConversion()),
        [`POST ${conversionApi}`]: () => {
          converted = true;
          return json(makeConversion());
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verwerken' })).toBeInTheDocument();
    expect(await screen.findByText('Gezinnen die verder doen')).toBeInTheDocument();
    expect(figure('Transacties')).toHaveTextContent('24');
    expect(figure('Nieuwe abonnementen')).toHaveTextContent('1');
    expect(figure('Betaalmails om na te lezen')).toHaveTextContent('24');
    expect(searchOf(fetch.calls.find((call) => call.path === conversionApi)!.url)).toEqual({ policyId: '7' });
    // No reminders once the deadline passed.
    expect(screen.queryByRole('button', { name: 'Herinnering sturen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verwerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antwoorden verwerken?' });
    expect(dialog).toHaveTextContent(
      /Er worden 24 transacties gemaakt voor oogstjaar 2031, samen € 5\.340,00, te betalen tegen/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verwerken' }));
    expect(
      await screen.findByText(
        '24 transacties gemaakt, samen € 5.340,00; 24 betaalmails wachten om na te lezen.',
      ),
    ).toBeInTheDocument();
    const post = fetch.calls.find((call) => call.method === 'POST' && call.path === conversionApi);
    expect(post?.body).toEqual({ policyId: 7, dueDate: dayjs().add(30, 'day').format('YYYY-MM-DD') });
    // The round reads as converted: locked, with the way to the bank and next year's subscriptions.
    expect(await screen.findByText(/^Verwerkt op /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de bank' })).toHaveAttribute(
      'href',
      '/applicationManager/bank',
    );
    expect(screen.getByRole('link', { name: 'Groenten' })).toHaveAttribute(
      'href',
      '/applicationManager/subscription/41',
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
  });

  it('shows why the conversion was refused', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(ended),
        [`GET ${conversionApi}`]: () => json(makeConversion()),
        [`POST ${conversionApi}`]: () =>
          json({ error: { code: 'POLICY_NOT_ENDED', message: defaultErrorMessages.POLICY_NOT_ENDED } }, 409),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verwerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antwoorden verwerken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwerken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_NOT_ENDED);
  });

  it('a converted round: when, and the link to the bank list', async () => {
    renderApp({
      path,
      account: reenrolmentManager,
      handlers: reenrolmentHandlers(makePolicy({ isEnded: true, convertedAt: '2031-03-02T10:00:00.000Z' })),
    });
    expect(await screen.findByText(/^Verwerkt op 2 mrt 2031/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de bank' })).toHaveAttribute(
      'href',
      '/applicationManager/bank',
    );
    expect(screen.getByRole('link', { name: 'Naar de betaalmails' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/emails',
    );
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
  });

  it('deletes a round after a confirmation, or says why not', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { router } = renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`DELETE ${policiesApi}/7`]: () =>
          refuse
            ? json(
                { error: { code: 'POLICY_CONVERTED', message: defaultErrorMessages.POLICY_CONVERTED } },
                409,
              )
            : new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ronde verwijderen?' });
    expect(dialog).toHaveTextContent(
      'Inschrijven voor 2031 (2031) verdwijnt, met alle vragenlijsten en antwoorden van de leden.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_CONVERTED);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(policiesPath));
    expect(await screen.findByText('De ronde is verwijderd.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows "not found" for a round that does not exist', async () => {
    renderApp({
      path,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`GET ${policiesApi}/7`]: () => apiError(404, 'NOT_FOUND', 'Niet gevonden.'),
      },
    });
    expect(await screen.findByText('Pagina niet gevonden')).toBeInTheDocument();
  });
});
