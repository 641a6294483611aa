import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import {
  admin,
  applicationManager,
  communicationHandlers,
  communicationPath,
  settingsHandlers,
  smtpPath,
  templates,
  templatesPath,
} from './communication-fixtures';
import { json, renderApp } from './utils';

/** Axe check of the e-mail screens (decision 082): communication, templates and SMTP. */
withoutCanvas();

const screens = [
  {
    name: 'communication (ApplicationManager: compose, mailings, log)',
    path: communicationPath,
    account: applicationManager,
    handlers: communicationHandlers(),
    ready: () => screen.findByText('an@example.test'),
  },
  {
    name: 'the e-mail templates',
    path: templatesPath,
    account: applicationManager,
    handlers: settingsHandlers(),
    ready: () => screen.findByRole('textbox', { name: 'Onderwerp' }),
  },
  {
    name: 'the SMTP settings',
    path: smtpPath,
    account: admin,
    handlers: settingsHandlers(),
    ready: () => screen.findByLabelText('Wachtwoord'),
  },
];

describe('accessibility (axe) of the e-mail screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, handlers, ready }) => {
    renderApp({ path, account, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the compose form with its errors, and the open recipients, have no violations', async () => {
    const user = userEvent.setup();
    renderApp({ path: communicationPath, account: applicationManager, handlers: communicationHandlers() });
    await user.click(await screen.findByRole('radio', { name: 'Leden met een rol' }));
    await user.click(screen.getByRole('button', { name: 'Ontvangers tellen' }));
    expect(await screen.findByText('Kies een rol.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ontvangers tonen' }));
    await screen.findByText('Bert Boon');
    expect(await axeViolations()).toEqual([]);
  });

  it('the reset dialog of a changed template has no violations', async () => {
    const custom = {
      ...templates,
      templates: templates.templates.map((template) => ({ ...template, isCustom: true })),
    };
    renderApp({
      path: templatesPath,
      account: applicationManager,
      handlers: { ...settingsHandlers(), 'GET /api/admin/settings/email': () => json(custom) },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Standaardtekst terugzetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standaardtekst terugzetten?' });
    await within(dialog).findAllByRole('button');
    expect(await axeViolations()).toEqual([]);
  });
});
