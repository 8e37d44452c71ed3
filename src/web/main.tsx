// First: before any zod schema is built (see the module).
import './lib/zod-jitless';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { returnPath } from './app/auth/return-path';
import { SignInPage } from './app/auth/sign-in-page';
import { AppProviders } from './app/providers';
import { FullPageLoader } from './components/full-page-loader';
import { session } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <AppProviders>{node}</AppProviders>
    </StrictMode>,
  );

async function startConsole() {
  // The session is restored while the router's chunk is on its way rather than after it: the
  // router's loaders wait on this same request (restore() runs once), which takes a round trip
  // off the way to every signed-in page's first screen.
  void session.restore().catch(() => undefined);
  const { ConsoleRouter } = await import('./app/console-router');
  // As a transition, React renders the console in slices of a few milliseconds and lets the
  // browser handle input between them, instead of one task of a few hundred (Lighthouse's TBT).
  startTransition(() => render(<ConsoleRouter />));
}

/**
 * Opened at /sign-in, the form is drawn without the router: react-router and the table of pages
 * are about a third of the console's first JavaScript, and a person signing in needs neither
 * until the form has been sent. The router starts once they are signed in (or already were),
 * at the path they came for; every other address starts it at once. The form itself is part of
 * this first chunk (3.5 KB): as a chunk of its own, the Mantine components it shares with the
 * console could not be grouped for the console without the sign-in screen loading the group
 * (vite.config.ts), and its screen was 17 scripts instead of 2.
 */
async function start() {
  if (window.location.pathname !== '/sign-in') return startConsole();
  render(<FullPageLoader label="Loading the console" />);
  const from = new URLSearchParams(window.location.search).get('from');
  const goTo = (path: string) => {
    window.history.replaceState(null, '', path);
    return startConsole();
  };
  // An unreachable service is the router's to explain (its error view), like on any other page.
  const user = await session.restore().catch(() => undefined);
  if (user === undefined) return startConsole();
  if (user) return goTo(returnPath(from));
  render(<SignInPage from={from} onSignedIn={goTo} />);
}

void start();
