import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultErrorMessages, type PolicyInput } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  makeCounts,
  makePolicy,
  policiesApi,
  policiesPath,
  reenrolmentHandlers,
  reenrolmentManager,
} from '../../../../test/reenrolment-manager-fixtures';
import { json, renderApp, type StubRequest } from '../../../../test/utils';

type User = ReturnType<typeof userEvent.setup>;

/** Picks the 15th of next month in the deadline's calendar (a modal). */
async function pickDeadline(user: User) {
  await user.click(screen.getByRole('button', { name: /^Deadline/ }));
  const picker = await screen.findByRole('dialog');
  await user.click(within(picker).getByRole('button', { name: 'Volgende maand' }));
  const day = within(picker)
    .getAllByRole('button')
    .find((b) => /^15 /.test(b.getAttribute('aria-label') ?? '') && !b.hasAttribute('data-outside'));
  await user.click(day!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const next = new Date();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-15`;
}

const offerGroup = (number: number) => screen.getByRole('group', { name: `Abonnement ${number}` });

/** Answers the round as the server would: the body with ids. */
const savedPolicy = (request: StubRequest, id = 9) => {
  const body = request.body as PolicyInput;
  return json(
    makePolicy({
      id,
      harvestYear: body.harvestYear,
      title: body.title,
      deadline: body.deadline,
      offers: body.offers.map((offer, index) => ({
        id: offer.id ?? 50 + index,
        name: offer.name,
        description: offer.description ?? '',
        adultPriceCents: offer.adultPriceCents,
        childPriceCents: offer.childPriceCents,
        requiredCredits: offer.requiredCredits ?? 0,
        subscriptionId: null,
      })),
    }),
  );
};

describe('re-enrolment round form', () => {
  it('checks the fields with the contract’s messages, then sends the round with its prices in cents', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path: `${policiesPath}/new`,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`POST ${policiesApi}`]: (request) => savedPolicy(request),
        [`GET ${policiesApi}/9`]: () => json(makePolicy({ id: 9 })),
        [`GET ${policiesApi}/9/summary`]: () => json({ counts: makeCounts(), offers: [], totalCents: 0 }),
        [`GET ${policiesApi}/9/answers`]: () =>
          json({ items: [], total: 0, totalIsLowerBound: false, nextCursor: null, page: 0, pageSize: 50 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe ronde' })).toBeInTheDocument();
    // The next harvest year is proposed; the explanation is the shared rich-text editor.
    expect(await screen.findByRole('combobox', { name: /^Oogstjaar/ })).toHaveValue('2031');
    expect(await screen.findByRole('textbox', { name: 'Uitleg voor de leden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vet' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ronde maken' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(screen.getByText('Vul de deadline in.')).toBeInTheDocument();
    expect(within(offerGroup(1)).getByText('Vul een naam in.')).toBeInTheDocument();
    expect(within(offerGroup(1)).getByText('Vul de prijs per volwassene in.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Titel/ }), 'Inschrijven voor 2031');
    const deadline = await pickDeadline(user);
    const first = offerGroup(1);
    await user.type(within(first).getByRole('textbox', { name: /^Naam/ }), 'Groenten');
    await user.type(within(first).getByRole('textbox', { name: /^Prijs per volwassene/ }), 'twaalf');
    await user.type(within(first).getByRole('textbox', { name: /^Prijs per kind/ }), '62,5');
    await user.click(screen.getByRole('button', { name: 'Abonnement toevoegen' }));
    const second = offerGroup(2);
    await user.type(within(second).getByRole('textbox', { name: /^Naam/ }), 'groenten');
    await user.type(within(second).getByRole('textbox', { name: /^Prijs per volwassene/ }), '80');
    await user.type(within(second).getByRole('textbox', { name: /^Prijs per kind/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Ronde maken' }));
    expect(await within(first).findByText('Schrijf een bedrag in euro, bv. 62,50.')).toBeInTheDocument();

    await user.clear(within(first).getByRole('textbox', { name: /^Prijs per volwassene/ }));
    await user.type(within(first).getByRole('textbox', { name: /^Prijs per volwassene/ }), '1234,5');
    await user.click(screen.getByRole('button', { name: 'Ronde maken' }));
    // Names are unique within a round, whatever their case; the message takes the focus.
    const unique = await screen.findByText('Elk abonnement heeft een eigen naam.');
    await waitFor(() => expect(unique).toHaveFocus());
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(within(second).getByRole('textbox', { name: /^Naam/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Naam/ }), 'Fruit');
    await user.clear(within(second).getByRole('textbox', { name: /^Vereiste werkpunten/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Vereiste werkpunten/ }), '4');
    await user.click(screen.getByRole('button', { name: 'Ronde maken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${policiesPath}/9`));
    const post = fetch.calls.find((call) => call.method === 'POST' && call.path === policiesApi);
    expect(post?.body).toEqual({
      harvestYear: 2031,
      title: 'Inschrijven voor 2031',
      explanation: '',
      deadline,
      offers: [
        {
          name: 'Groenten',
          description: '',
          adultPriceCents: 123450,
          childPriceCents: 6250,
          requiredCredits: 0,
        },
        { name: 'Fruit', description: '', adultPriceCents: 8000, childPriceCents: 0, requiredCredits: 4 },
      ],
    });
    expect(await screen.findByText('De ronde is opgeslagen.')).toBeInTheDocument();
  });

  it("copies this year's active subscriptions as offers, once each", async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: `${policiesPath}/new`,
      account: reenrolmentManager,
      handlers: reenrolmentHandlers(),
    });
    const copy = await screen.findByRole('button', { name: 'Abonnementen van 2030 overnemen' });
    await user.click(copy);
    expect(await screen.findByText('2 abonnementen van 2030 toegevoegd.')).toBeInTheDocument();
    const asked = fetch.calls.find((call) => call.path === '/api/applicationManager/subscription');
    expect(new URL(asked!.url, 'http://x').searchParams.get('harvestYear')).toBe('2030');
    // The blank row made way; the inactive Fruit stayed out.
    expect(screen.queryByRole('group', { name: 'Abonnement 3' })).not.toBeInTheDocument();
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Naam/ })).toHaveValue('Groenten');
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Prijs per volwassene/ })).toHaveValue('120');
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Prijs per kind/ })).toHaveValue('62,50');
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Vereiste werkpunten/ })).toHaveValue('10');
    expect(within(offerGroup(2)).getByRole('textbox', { name: /^Naam/ })).toHaveValue('Bloemen');

    await user.click(copy);
    expect(await screen.findByText('Alle actieve abonnementen van 2030 staan er al.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Abonnement 3' })).not.toBeInTheDocument();

    await user.click(within(offerGroup(1)).getByRole('button', { name: 'Weghalen: Groenten' }));
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Naam/ })).toHaveValue('Bloemen');
    expect(screen.queryByRole('group', { name: 'Abonnement 2' })).not.toBeInTheDocument();
  });

  it('edits a round: its offers keep their ids, a removed one is left out', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: `${policiesPath}/edit/7`,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        [`PUT ${policiesApi}/7`]: (request) => savedPolicy(request, 7),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ronde bewerken' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Titel/ })).toHaveValue('Inschrijven voor 2031');
    expect(screen.getByRole('button', { name: /^Deadline/ })).toHaveTextContent('28 februari 2031');
    expect(within(offerGroup(1)).getByRole('textbox', { name: /^Prijs per volwassene/ })).toHaveValue('125');
    // Members answered already: the manager is told what that means for the offers.
    expect(screen.getByText(/Leden antwoordden al/)).toBeInTheDocument();
    await user.click(within(offerGroup(2)).getByRole('button', { name: 'Weghalen: Fruit' }));
    await user.clear(within(offerGroup(1)).getByRole('textbox', { name: /^Prijs per kind/ }));
    await user.type(within(offerGroup(1)).getByRole('textbox', { name: /^Prijs per kind/ }), '65');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = fetch.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      harvestYear: 2031,
      title: 'Inschrijven voor 2031',
      explanation: '<p>Kies je abonnementen voor volgend jaar.</p>',
      deadline: '2031-02-28',
      offers: [
        {
          id: 31,
          name: 'Groenten',
          description: 'Groenten van het seizoen.',
          adultPriceCents: 12500,
          childPriceCents: 6500,
          requiredCredits: 10,
        },
      ],
    });
  });

  it('shows the server’s refusals in Dutch: a year that has a round, an offer members chose, a converted round', async () => {
    const user = userEvent.setup();
    let answer: keyof typeof defaultErrorMessages = 'POLICY_YEAR_TAKEN';
    renderApp({
      path: `${policiesPath}/edit/7`,
      account: reenrolmentManager,
      handlers: {
        ...reenrolmentHandlers(),
        // The server's Dutch message for the code, as Pluk answers it.
        [`PUT ${policiesApi}/7`]: () =>
          json({ error: { code: answer, message: defaultErrorMessages[answer] } }, 409),
      },
    });
    const save = await screen.findByRole('button', { name: 'Opslaan' });
    await user.click(save);
    // The year is what to change: the message stands under it, and the focus goes there.
    const year = screen.getByRole('combobox', { name: /^Oogstjaar/ });
    await waitFor(() => expect(year).toHaveAccessibleDescription(/Er is al een ronde voor dit oogstjaar\./));
    expect(defaultErrorMessages.POLICY_YEAR_TAKEN).toBe('Er is al een ronde voor dit oogstjaar.');
    await waitFor(() => expect(year).toHaveFocus());

    answer = 'POLICY_OFFER_CHOSEN';
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_OFFER_CHOSEN);

    answer = 'POLICY_CONVERTED';
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(defaultErrorMessages.POLICY_CONVERTED),
    );
  });

  it('does not offer the form for a converted round', async () => {
    renderApp({
      path: `${policiesPath}/edit/7`,
      account: reenrolmentManager,
      handlers: reenrolmentHandlers(makePolicy({ isEnded: true, convertedAt: '2031-03-02T10:00:00.000Z' })),
    });
    expect(
      await screen.findByText(
        'Deze ronde is verwerkt tot abonnementen en betalingen: ze kan niet meer veranderen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });
});
