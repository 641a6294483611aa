import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationManager, bankManager } from '../../../../test/bank-admin-fixtures';
import { makeAccount, renderApp } from '../../../../test/utils';

/** The bank's administration on the manager home: the bank's tiles for a BankManager, two more for an ApplicationManager. */
describe('manager home tiles of the bank (admin)', () => {
  it('shows the mails, the bank file and the yearly run to a BankManager', async () => {
    renderApp({ path: '/applicationManager', account: bankManager });
    expect(await screen.findByRole('link', { name: /^Betaalmails/ })).toHaveAttribute(
      'href',
      '/applicationManager/bank/emails',
    );
    expect(screen.getByRole('link', { name: /^Bankbestand inlezen/ })).toHaveAttribute(
      'href',
      '/applicationManager/bank/import',
    );
    expect(screen.getByRole('link', { name: /^Jaarlijkse transacties/ })).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions/create-yearly-transactions',
    );
    expect(screen.queryByRole('link', { name: /^Mollie/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Bankgegevens/ })).not.toBeInTheDocument();
  });

  it('adds Mollie and the bank account for an ApplicationManager', async () => {
    renderApp({ path: '/applicationManager', account: applicationManager });
    expect(await screen.findByRole('link', { name: /^Mollie/ })).toHaveAttribute(
      'href',
      '/applicationManager/mollie',
    );
    expect(screen.getByRole('link', { name: /^Bankgegevens/ })).toHaveAttribute(
      'href',
      '/applicationManager/bank/settings',
    );
    expect(screen.getByRole('link', { name: /^Betaalmails/ })).toBeInTheDocument();
  });

  it('shows none of them to another manager', async () => {
    renderApp({ path: '/applicationManager', account: makeAccount({ roles: ['TaskManager'] }) });
    await screen.findByRole('link', { name: /^Klusjes/ });
    expect(screen.queryByRole('link', { name: /^Betaalmails/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Mollie/ })).not.toBeInTheDocument();
  });
});
