import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './url-filters';

function List() {
  const { search, setSearch } = useUrlFilters();
  return (
    <>
      <label>
        Zoeken
        <input value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      </label>
      <Link to="/detail">Een rij</Link>
    </>
  );
}

/** A list whose row opens a screen that loads lazily, as in the app. */
function makeRouter(loadMs: number) {
  return createMemoryRouter(
    [
      { path: '/list', element: <List /> },
      {
        path: '/detail',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, loadMs));
          return { element: <p>Detail</p> };
        },
      },
    ],
    { initialEntries: ['/list'] },
  );
}

describe('useUrlFilters', () => {
  it('writes the settled search to ?q=', async () => {
    const user = userEvent.setup();
    const router = makeRouter(0);
    render(<RouterProvider router={router} />);
    await user.type(screen.getByLabelText('Zoeken'), 'lien');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lien'));
    expect(router.state.location.pathname).toBe('/list');
  });
});
