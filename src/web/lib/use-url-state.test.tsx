import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { useUrlState } from './use-url-state';

type Letters = Record<string, string>;
const read = (search: URLSearchParams): Letters => Object.fromEntries(search);
const write = (letters: Letters) => ({ search: new URLSearchParams(letters) });

function Letters() {
  const [letters, update] = useUrlState(read, write);
  const navigate = useNavigate();
  return (
    <>
      <output>{new URLSearchParams(letters).toString()}</output>
      <button
        type="button"
        onClick={() => {
          update((latest) => ({ ...latest, a: '1' }));
          update((latest) => ({ ...latest, b: '2' }));
        }}
      >
        Two changes at once
      </button>
      <button type="button" onClick={() => update((latest) => ({ ...latest, c: '3' }))}>
        Add c
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderAt(path: string) {
  // A data router with a loader, as in the console: it commits a navigation only after its loaders.
  const router = createMemoryRouter([{ path: '/', loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 20)), Component: Letters }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />, { wrapper: TestProviders });
  return router;
}

describe('useUrlState', () => {
  it('builds a change on the one still on its way, rather than undoing it', async () => {
    const router = renderAt('/?x=0');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Two changes at once' }));
    await screen.findByText('x=0&a=1&b=2');
    expect(router.state.location.search).toBe('?x=0&a=1&b=2');
  });

  it('builds on the address again once the user has gone back', async () => {
    const router = renderAt('/?x=0');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add c' }));
    await screen.findByText('x=0&c=3');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('x=0');
    await user.click(screen.getByRole('button', { name: 'Two changes at once' }));
    await screen.findByText('x=0&a=1&b=2');
    expect(router.state.location.search).toBe('?x=0&a=1&b=2');
  });
});
