import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyQuestionnaire } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  flowers,
  fruit,
  makeAnswered,
  makeQuestionnaire,
  vegetables,
} from '../../../../test/reenrolment-member-fixtures';
import { apiError, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

const path = '/questionsfornextyear';
const mine = 'GET /api/QuestionsForNextYear';
const detail = 'GET /api/QuestionsForNextYear/7';
const answer = 'PUT /api/QuestionsForNextYear/7';

/** Lien with her partner Tom and their daughter Mia: 2 adults and 1 child. */
const member = makeAccount({
  memberShip: {
    id: 1,
    members: [
      { id: 1, name: 'Lien Lid', yearOfBirth: null, isAdult: true, isHolder: true },
      { id: 2, name: 'Tom Lid', yearOfBirth: null, isAdult: true, isHolder: false },
      { id: 3, name: 'Mia Lid', yearOfBirth: 2020, isAdult: false, isHolder: false },
    ],
  },
});

const asked = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/QuestionsForNextYear').length;

function show(questionnaire: MyQuestionnaire | null, handlers: Record<string, StubHandler> = {}) {
  return renderApp({
    path,
    account: member,
    handlers: { [mine]: () => json({ questionnaire }), ...handlers },
  });
}

/** From the first step to the choice. */
async function toChoice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Volgende' }));
  expect(await screen.findByRole('heading', { level: 3, name: 'Jouw keuze' })).toHaveFocus();
}

describe('the questionnaire for next year (/questionsfornextyear)', () => {
  it('walks a member through account, choice and review, and sends the chosen offers', async () => {
    const user = userEvent.setup();
    const submitted = makeAnswered({ offerIds: [vegetables.id, flowers.id], totalCents: 34000 });
    const { fetch, router } = show(makeQuestionnaire(), {
      [answer]: () => json(submitted),
      [detail]: () => json(submitted),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Volgend oogstjaar' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Inschrijven voor 2031' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Oogstjaar 2031')).toBeInTheDocument();
    expect(screen.getByText('Je kan antwoorden tot en met 15 mrt 2099.')).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Stappen' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Jouw gegevens', '2Jouw keuze', '3Nakijken en versturen']);

    // 1. My account data and household.
    expect(screen.getByText('Stap 1 van 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Jouw gegevens' })).toBeInTheDocument();
    expect(within(steps).getByText('Jouw gegevens').closest('li')).toHaveAttribute('aria-current', 'step');
    const contact = screen.getByRole('region', { name: 'Je contactgegevens' });
    expect(within(contact).getByText('0470 12 34 56')).toBeInTheDocument();
    expect(within(contact).getByText('Kerkstraat 5, 9000 Gent')).toBeInTheDocument();
    const household = screen.getByRole('region', { name: 'Je gezin' });
    expect(within(household).getByText('Mia Lid')).toBeInTheDocument();
    expect(
      within(household).getByText('Voor de prijs tellen mee: 2 volwassenen en 1 kind.'),
    ).toBeInTheDocument();

    // 2. The farm's explanation and the offers priced for my household.
    await toChoice(user);
    expect(screen.getByText('oogsten', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kies je abonnementen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Kies of je volgend jaar verder doet of stopt.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ik doe verder' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Ik doe verder' }));
    const offers = await screen.findByRole('group', { name: 'Kies je abonnementen' });
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(
      await screen.findByText('Kies minstens één abonnement, of kies dat je stopt.'),
    ).toBeInTheDocument();
    expect(within(offers).getByRole('checkbox', { name: 'Groenten' })).toHaveFocus();
    expect(within(offers).getByText('Voor jouw gezin: € 300,00')).toBeInTheDocument();
    expect(
      within(offers).getByText(/€ 120,00 per volwassene · € 60,00 per kind · Vraagt 10 werkpunten/),
    ).toBeInTheDocument();
    expect(within(offers).getByText('Elke week groenten van het veld.')).toBeInTheDocument();
    await user.click(within(offers).getByRole('checkbox', { name: 'Groenten' }));
    await user.click(within(offers).getByRole('checkbox', { name: 'Bloemen' }));
    await user.type(screen.getByRole('textbox', { name: /Opmerking/ }), 'Mia komt graag mee plukken.');

    // 3. Review and send.
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Nakijken en versturen' })).toHaveFocus();
    expect(screen.getByText('Je kiest voor oogstjaar 2031:')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-offers')).toHaveTextContent('Groenten: € 300,00Bloemen: € 40,00');
    expect(screen.getByTestId('answer-total')).toHaveTextContent('€ 340,00');
    expect(screen.getByText('Mia komt graag mee plukken.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Versturen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/questionsfornextyear/7/done'));
    const sent = fetch.calls.filter((call) => call.method === 'PUT');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      choice: 'continue',
      offerIds: [vegetables.id, flowers.id],
      remark: 'Mia komt graag mee plukken.',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt' })).toBeInTheDocument();
    expect(screen.getByText('Bedankt voor je antwoord!')).toBeInTheDocument();
  });

  it('starts with this year’s subscriptions ticked before my first answer (decision 090)', async () => {
    const user = userEvent.setup();
    const submitted = makeAnswered({ offerIds: [vegetables.id], totalCents: 30000 });
    const { fetch } = show(makeQuestionnaire({ currentOfferIds: [vegetables.id] }), {
      [answer]: () => json(submitted),
      [detail]: () => json(submitted),
    });
    await toChoice(user);
    await user.click(screen.getByRole('radio', { name: 'Ik doe verder' }));
    const offers = await screen.findByRole('group', { name: 'Kies je abonnementen' });
    expect(within(offers).getByRole('checkbox', { name: 'Groenten' })).toBeChecked();
    expect(within(offers).getByRole('checkbox', { name: 'Fruit' })).not.toBeChecked();
    expect(within(offers).getByRole('checkbox', { name: 'Bloemen' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByTestId('answer-total')).toHaveTextContent('€ 300,00');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(fetch.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      choice: 'continue',
      offerIds: [vegetables.id],
    });
  });

  it('keeps my own answer over this year’s subscriptions once I answered', async () => {
    const user = userEvent.setup();
    show(makeAnswered({ offerIds: [fruit.id], currentOfferIds: [vegetables.id], needsAnswer: true }));
    await toChoice(user);
    const offers = await screen.findByRole('group', { name: 'Kies je abonnementen' });
    expect(within(offers).getByRole('checkbox', { name: 'Fruit' })).toBeChecked();
    expect(within(offers).getByRole('checkbox', { name: 'Groenten' })).not.toBeChecked();
  });

  it('sends a stop without offers, also when offers were ticked before', async () => {
    const user = userEvent.setup();
    const stopped = makeAnswered({ choice: 'stop', offerIds: [], totalCents: 0, remark: '' });
    const { fetch } = show(makeQuestionnaire(), {
      [answer]: () => json(stopped),
      [detail]: () => json(stopped),
    });
    await toChoice(user);
    await user.click(screen.getByRole('radio', { name: 'Ik doe verder' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Fruit' }));
    await user.click(screen.getByRole('radio', { name: 'Ik stop volgend jaar' }));
    expect(screen.queryByRole('group', { name: 'Kies je abonnementen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Je stopt volgend oogstjaar (2031).')).toBeInTheDocument();
    expect(screen.queryByTestId('answer-total')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(
      await screen.findByText('Jammer dat je stopt. Bedankt voor de voorbije seizoenen!'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      choice: 'stop',
      offerIds: [],
      remark: '',
    });
  });

  it('opens an earlier answer prefilled, says so, and sends the change', async () => {
    const user = userEvent.setup();
    const { fetch } = show(makeAnswered(), {
      [answer]: () => json(makeAnswered({ offerIds: [fruit.id], totalCents: fruit.priceCents })),
      [detail]: () => json(makeAnswered({ offerIds: [fruit.id], totalCents: fruit.priceCents })),
    });
    expect(
      await screen.findByText(
        'Je antwoordde al op 20 nov 2030; je kan je keuze wijzigen tot en met 15 mrt 2099.',
      ),
    ).toBeInTheDocument();
    await toChoice(user);
    expect(screen.getByRole('radio', { name: 'Ik doe verder' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Groenten' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Fruit' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bloemen' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /Opmerking/ })).toHaveValue(
      'Graag dezelfde dag als vorig jaar.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Groenten' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByTestId('answer-total')).toHaveTextContent('€ 125,00');
    await user.click(screen.getByRole('button', { name: 'Wijziging versturen' }));
    await screen.findByText('Bedankt voor je antwoord!');
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      choice: 'continue',
      offerIds: [fruit.id],
      remark: 'Graag dezelfde dag als vorig jaar.',
    });
  });

  it('is read only after the deadline, with my answer', async () => {
    const ended = { ...makeQuestionnaire().policy, deadline: '2030-12-01', isEnded: true };
    const view = show(makeAnswered({ policy: ended }));
    expect(await screen.findByText('De deadline is voorbij')).toBeInTheDocument();
    expect(
      screen.getByText('Antwoorden kon tot en met 1 dec 2030: je keuze kan niet meer veranderen.'),
    ).toBeInTheDocument();
    const mineAnswer = screen.getByRole('region', { name: 'Jouw antwoord' });
    expect(within(mineAnswer).getByTestId('chosen-offers')).toHaveTextContent(
      'Groenten: € 300,00Fruit: € 125,00',
    );
    expect(within(mineAnswer).getByTestId('answer-total')).toHaveTextContent('€ 425,00');
    expect(screen.queryByRole('button', { name: 'Volgende' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    view.unmount();

    show(makeQuestionnaire({ policy: ended, needsAnswer: false }));
    expect(
      await screen.findByText(
        'Je hebt deze vragenlijst niet beantwoord. Heb je een vraag, neem dan contact op met de boerderij.',
      ),
    ).toBeInTheDocument();
  });

  it('shows that the deadline passed while I was answering, and offers no second try', async () => {
    const user = userEvent.setup();
    show(makeQuestionnaire(), {
      [answer]: () =>
        apiError(
          409,
          'POLICY_ENDED',
          'De deadline van deze ronde is voorbij: antwoorden of wijzigen kan niet meer.',
        ),
    });
    await toChoice(user);
    await user.click(screen.getByRole('radio', { name: 'Ik stop volgend jaar' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De deadline van deze ronde is voorbij: antwoorden of wijzigen kan niet meer.',
    );
    expect(screen.queryByRole('button', { name: 'Versturen' })).not.toBeInTheDocument();
  });

  it('goes back to the choice with the message when an offer is no longer on offer', async () => {
    const user = userEvent.setup();
    let offers = [vegetables, fruit, flowers];
    const { fetch } = show(null, {
      [mine]: () => json({ questionnaire: makeQuestionnaire({ offers }) }),
      [answer]: () => {
        offers = [vegetables, fruit];
        return apiError(400, 'VALIDATION_ERROR', 'Controleer de gemarkeerde velden.', {
          offerIds: 'Kies enkel abonnementen van deze ronde.',
        });
      },
    });
    await toChoice(user);
    await user.click(screen.getByRole('radio', { name: 'Ik doe verder' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bloemen' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Kies enkel abonnementen van deze ronde.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Jouw keuze' })).toBeInTheDocument();
    // The offers as they are now.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Bloemen' })).not.toBeInTheDocument());
    expect(asked(fetch.calls)).toBeGreaterThanOrEqual(2);
  });

  it('edits my account data and household in the first step; the prices follow my household', async () => {
    const user = userEvent.setup();
    let household = { adults: 2, children: 1 };
    const { fetch } = show(null, {
      [mine]: () =>
        json({
          questionnaire: makeQuestionnaire({
            household,
            offers: [{ ...vegetables, priceCents: household.adults * 12000 + household.children * 6000 }],
          }),
        }),
      'POST /api/User/update': (request) => {
        household = { adults: 3, children: 1 };
        return json({
          ...member,
          contactData: { ...member.contactData, phone: (request.body as { phone: string }).phone },
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gegevens aanpassen' }));
    const phone = await screen.findByRole('textbox', { name: 'Telefoon' });
    await user.clear(phone);
    await user.type(phone, '0499 99 99 99');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(
      await screen.findByText('Je gegevens zijn bewaard. De prijzen volgen je gezin.'),
    ).toBeInTheDocument();
    const update = fetch.calls.find((call) => call.path === '/api/User/update');
    expect(update?.body).toMatchObject({ phone: '0499 99 99 99' });
    expect(await screen.findByText('Voor de prijs tellen mee: 3 volwassenen en 1 kind.')).toBeInTheDocument();
    expect(screen.getByText('0499 99 99 99')).toBeInTheDocument();
    await toChoice(user);
    await user.click(screen.getByRole('radio', { name: 'Ik doe verder' }));
    expect(await screen.findByText('Voor jouw gezin: € 420,00')).toBeInTheDocument();
  });

  it('has a friendly word when the farm gave me no questionnaire', async () => {
    show(null);
    expect(await screen.findByText('Nu geen vragenlijst voor jou')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });
});

describe('the thanks page (/questionsfornextyear/{id}/done)', () => {
  const open = (questionnaire: MyQuestionnaire | Response) =>
    renderApp({
      path: '/questionsfornextyear/7/done',
      account: member,
      handlers: {
        [detail]: () => (questionnaire instanceof Response ? questionnaire : json(questionnaire)),
      },
    });

  it('shows what I chose, the total, until when I can change it, and the way home', async () => {
    open(makeAnswered());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bedankt voor je antwoord!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Inschrijven voor 2031')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-offers')).toHaveTextContent('Groenten: € 300,00Fruit: € 125,00');
    expect(screen.getByTestId('answer-total')).toHaveTextContent('€ 425,00');
    expect(screen.getByText('Je kan je keuze nog wijzigen tot en met 15 mrt 2099.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keuze wijzigen' })).toHaveAttribute(
      'href',
      '/questionsfornextyear',
    );
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });

  it('says that I stop, and that the choice is fixed after the deadline', async () => {
    open(
      makeAnswered({
        choice: 'stop',
        offerIds: [],
        totalCents: 0,
        policy: { ...makeQuestionnaire().policy, deadline: '2030-12-01', isEnded: true },
      }),
    );
    expect(await screen.findByText('Je stopt volgend oogstjaar (2031).')).toBeInTheDocument();
    expect(screen.getByText('De deadline (1 dec 2030) is voorbij: je keuze ligt vast.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Keuze wijzigen' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('answer-total')).not.toBeInTheDocument();
  });

  it('sends a questionnaire not answered yet to answering it', async () => {
    open(makeQuestionnaire());
    expect(await screen.findByText('Je hebt deze vragenlijst nog niet beantwoord.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nu antwoorden' })).toHaveAttribute(
      'href',
      '/questionsfornextyear',
    );
  });

  it('is the not-found page for a questionnaire that is not mine', async () => {
    open(apiError(404, 'NOT_FOUND', 'Deze vragenlijst bestaat niet.'));
    expect(await screen.findByText('Pagina niet gevonden')).toBeInTheDocument();
  });
});
