import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse, sessionFor } from '../../test/service';
import { SignInRoute } from './sign-in-route';

function renderSignIn(path = '/sign-in') {
  const user = userEvent.setup();
  renderAt(
    <Routes>
      <Route path="/sign-in" element={<SignInRoute />} />
      <Route path="*" element={<p>Landed on the console</p>} />
    </Routes>,
    path,
  );
  return user;
}

async function submit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in page', () => {
  it('names the fields and the document', () => {
    renderSignIn();
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(document.title).toBe('Sign in · Asset Ops');
  });

  it('shows the contract’s field errors and sends nothing when the form is invalid', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderSignIn();

    await submit(user, 'not-an-email', '');

    expect(await screen.findByText('email must be an email address')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the service’s message when the password is wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Email or password is incorrect', code: 401 })),
    );
    const user = renderSignIn();

    await submit(user, 'admin@demo.test', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Email or password is incorrect');
  });

  it('tells a throttled user when to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(429, { message: 'Too many sign-in attempts; try again in 60 seconds', code: 429 })),
    );
    const user = renderSignIn();

    await submit(user, 'admin@demo.test', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many sign-in attempts');
    expect(alert).toHaveTextContent('try again in 60 seconds');
  });

  it('submits once while the first attempt is on its way, then goes where the user was heading', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const user = renderSignIn('/sign-in?from=%2Fadmin%2Fapi-users');

    await submit(user, 'admin@demo.test', 'e2e-Demo-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.keyboard('{Enter}');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    answer(jsonResponse(200, sessionFor('ADMIN')));
    expect(await screen.findByText('Landed on the console')).toBeInTheDocument();
  });
});
