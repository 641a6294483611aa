import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyQuestionnaire } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { makeAnswered, makeQuestionnaire } from './reenrolment-member-fixtures';
import { json, makeAccount, renderApp } from './utils';

/** Axe check of the member's re-enrolment screens (decision 079): every step, read only, empty, thanks, the dialog. */
withoutCanvas();

const member = makeAccount();
const ended = { ...makeQuestionnaire().policy, deadline: '2030-12-01', isEnded: true };

function show(path: string, questionnaire: MyQuestionnaire | null) {
  return renderApp({
    path,
    account: member,
    handlers: {
      'GET /api/QuestionsForNextYear': () => json({ questionnaire }),
      'GET /api/QuestionsForNextYear/7': () => json(questionnaire),
    },
  });
}

/** One h1, a main landmark, headings going down one level at a time, and no axe violations. */
async function expectAccessible() {
  expect(await axeViolations()).toEqual([]);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('main')).toBeInTheDocument();
  const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
  levels.forEach((level, index) => {
    if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
  });
}

describe('accessibility (axe) of the member re-enrolment screens', () => {
  it('every step of the questionnaire, with its errors, has no violations', async () => {
    const user = userEvent.setup();
    show('/questionsfornextyear', makeAnswered());
    await screen.findByRole('heading', { level: 3, name: 'Jouw gegevens' });
    await expectAccessible();

    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('group', { name: 'Kies je abonnementen' });
    await expectAccessible();
    // Unticking every offer: the group's error.
    await user.click(screen.getByRole('checkbox', { name: 'Groenten' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fruit' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByText('Kies minstens één abonnement, of kies dat je stopt.');
    await expectAccessible();

    await user.click(screen.getByRole('checkbox', { name: 'Fruit' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('button', { name: 'Wijziging versturen' });
    await expectAccessible();
  });

  it('the account form of the first step has no violations', async () => {
    const user = userEvent.setup();
    show('/questionsfornextyear', makeQuestionnaire());
    await user.click(await screen.findByRole('button', { name: 'Gegevens aanpassen' }));
    await screen.findByRole('textbox', { name: 'Telefoon' });
    expect(await axeViolations()).toEqual([]);
  });

  it.each([
    {
      name: 'read only after the deadline',
      path: '/questionsfornextyear',
      data: makeAnswered({ policy: ended }),
      text: 'De deadline is voorbij',
    },
    {
      name: 'no questionnaire',
      path: '/questionsfornextyear',
      data: null,
      text: 'Nu geen vragenlijst voor jou',
    },
    {
      name: 'the thanks page',
      path: '/questionsfornextyear/7/done',
      data: makeAnswered(),
      text: 'Bedankt voor je antwoord!',
    },
  ])('$name has no violations', async ({ path, data, text }) => {
    show(path, data);
    await screen.findByText(text);
    await expectAccessible();
  });

  it('the start-up dialog has no violations', async () => {
    show('/', makeQuestionnaire());
    const dialog = await screen.findByRole('dialog', { name: 'Controleer jouw gegevens' });
    // Beside the screen, not inside its main as the dialogs a screen opens are in jsdom, Mantine's modal
    // header counts as a second banner: a best-practice rule (no WCAG tag), as for every dialog of the app
    // in a browser, where Mantine renders them at the end of the body.
    const bestPracticeOnly = /^landmark-(no-duplicate-banner|unique):/;
    expect((await axeViolations(dialog)).filter((found) => !bestPracticeOnly.test(found))).toEqual([]);
  });
});
