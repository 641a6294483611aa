import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, renderApp } from '../../../../test/utils';

/** The manager home shows the market, requests and internal bank tiles per role, like the other areas. */
describe('manager home tiles of the market, requests and wallet (decision 065)', () => {
  it('shows each tile only to its role', async () => {
    renderApp({
      path: '/applicationManager',
      account: makeAccount({ roles: ['BankManager', 'RequestManager'] }),
    });
    expect(await screen.findByRole('link', { name: /^Interne bank/ })).toHaveAttribute(
      'href',
      '/applicationManager/internalbank',
    );
    expect(screen.getByRole('link', { name: /^Verzoeken/ })).toHaveAttribute(
      'href',
      '/applicationManager/requests',
    );
    expect(screen.queryByRole('link', { name: /^Markt/ })).not.toBeInTheDocument();
  });

  it('shows the market tile to a ProductManager', async () => {
    renderApp({ path: '/applicationManager', account: makeAccount({ roles: ['ProductManager'] }) });
    expect(await screen.findByRole('link', { name: /^Markt/ })).toHaveAttribute(
      'href',
      '/applicationManager/product',
    );
    expect(screen.queryByRole('link', { name: /^Interne bank/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Voor jouw rol zijn er nog geen beheerschermen.')).not.toBeInTheDocument();
  });
});
