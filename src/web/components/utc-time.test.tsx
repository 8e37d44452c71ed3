import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { UtcTime } from './utc-time';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

afterEach(() => {
  vi.useRealTimers();
});

describe('UtcTime', () => {
  it('writes the moment in UTC with how long ago, and shows the local time when focused by keyboard', async () => {
    const user = userEvent.setup();
    render(<UtcTime ms={Date.now() - 3 * 60_000 - 5_000} />, { wrapper: TestProviders });
    const time = screen.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(time.tagName).toBe('TIME');
    expect(time.parentElement).toHaveTextContent(/UTC \(3 min ago\)$/);

    await user.tab();
    expect(time.parentElement).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Your local time: /);
    expect(time.parentElement).toHaveAccessibleDescription(tooltip.textContent!);
  });

  it('moves its relative time on once a minute from one shared clock, without re-rendering what surrounds it', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const surroundings = vi.fn();
    function Surroundings() {
      surroundings();
      return (
        <>
          <UtcTime ms={NOW - 30_000} />
          <UtcTime ms={NOW + 5 * 60_000} />
        </>
      );
    }
    const { container } = render(<Surroundings />, { wrapper: TestProviders });
    const texts = () => [...container.querySelectorAll('time')].map((time) => time.parentElement!.textContent);
    expect(texts()).toEqual(['2026-11-24 11:59:30 UTC (just now)', '2026-11-24 12:05:00 UTC (in 5 min)']);
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(60_000));
    expect(texts()).toEqual(['2026-11-24 11:59:30 UTC (1 min ago)', '2026-11-24 12:05:00 UTC (in 4 min)']);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(texts()).toEqual(['2026-11-24 11:59:30 UTC (11 min ago)', '2026-11-24 12:05:00 UTC (6 min ago)']);
    expect(surroundings).toHaveBeenCalledTimes(1);
  });

  it('leaves the relative time out when asked, and stays out of the tab order inside a row that takes the focus', () => {
    render(<UtcTime ms={NOW} relative={false} focusable={false} />, { wrapper: TestProviders });
    const time = screen.getByText('2026-11-24 12:00:00 UTC');
    expect(time.parentElement).toHaveTextContent(/^2026-11-24 12:00:00 UTC$/);
    expect(time.parentElement).not.toHaveAttribute('tabindex');
  });
});
