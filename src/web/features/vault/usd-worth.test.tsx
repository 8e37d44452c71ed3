import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { UsdWorth } from './usd-worth';

// A name on an element needs a role that may have one: axe refused the loader's aria-label on a bare
// span (aria-prohibited-attr), which the browser suite caught only when the prices came late.
it('tells a screen reader that prices are loading, as a status', () => {
  renderAt(<UsdWorth worth={null} />);
  expect(screen.getByRole('status', { name: 'Loading prices' })).toBeInTheDocument();
});
