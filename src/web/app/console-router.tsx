import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/** The whole console behind its router: fetched as its own chunk, which the first sign-in screen does without. */
export function ConsoleRouter() {
  return <RouterProvider router={createAppRouter()} />;
}
