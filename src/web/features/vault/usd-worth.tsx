import { Loader, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '../../lib/amounts';
import type { AccountWorth } from '../../lib/usd-value';

/** "—" where the catalogue has no USD price, said in words to a screen reader. */
export function NoPrice() {
  return (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>No price</VisuallyHidden>
    </>
  );
}

/** An account's worth in USD, "—" when nothing it holds has a price, and a word on holdings left out; `null` while prices load. */
export function UsdWorth({ worth }: { worth: AccountWorth | null }) {
  if (worth === null) return <Loader size="xs" role="status" aria-label="Loading prices" />;
  return (
    <>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {worth.value === null ? <NoPrice /> : formatMoney(worth.value, 'USD')}
      </Text>
      {worth.unpriced > 0 && (
        <Text size="xs" c="dimmed">
          {worth.unpriced === 1 ? 'without 1 asset that has no price' : `without ${worth.unpriced} assets that have no price`}
        </Text>
      )}
    </>
  );
}
