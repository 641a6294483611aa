import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { makeAccount, renderApp } from './utils';

/** Axe check of the administration actions and the Admin's screens (decision 084) and their dialogs. */
withoutCanvas();

const admin = makeAccount({ id: 1, roles: ['Admin'] });

const screens = [
  {
    name: 'the administration actions',
    path: '/applicationManager/administration-actions',
    ready: () => screen.findByRole('list', { name: 'Administratieve acties' }),
  },
  {
    name: 'the Admin actions with the removal dialog',
    path: '/applicationManager/settings/Actions',
    ready: () => screen.findByRole('button', { name: 'Deze boerderij verwijderen' }),
    dialog: { button: 'Deze boerderij verwijderen', name: 'De Plukhoeve verwijderen?' },
  },
  {
    name: 'the reset dialog',
    path: '/applicationManager/settings/Actions',
    ready: () => screen.findByRole('button', { name: 'Alle wachtwoorden resetten' }),
    dialog: { button: 'Alle wachtwoorden resetten', name: 'Alle wachtwoorden resetten?' },
  },
  {
    name: 'the new-farm form',
    path: '/applicationManager/settings/CreateNewApp',
    ready: () => screen.findByRole('textbox', { name: 'Hoofdkleur' }),
  },
];

describe('accessibility (axe) of the administration screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready, dialog }) => {
    renderApp({ path, account: admin });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    if (!dialog) return;
    await userEvent.setup().click(screen.getByRole('button', { name: dialog.button }));
    const opened = await screen.findByRole('dialog', { name: dialog.name });
    await within(opened).findAllByRole('button');
    expect(await axeViolations()).toEqual([]);
  });

  it('the new-farm form has no violations with its errors shown', async () => {
    renderApp({ path: '/applicationManager/settings/CreateNewApp', account: admin });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Boerderij maken' }));
    expect(await screen.findByText('Vul de naam van de boerderij in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
