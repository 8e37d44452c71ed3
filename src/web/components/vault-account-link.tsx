import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The address of a vault account's page. */
export const vaultAccountPath = (id: string) => `/vault/accounts/${encodeURIComponent(id)}`;

/** A link to a vault account's page, wherever the console names the account (a transfer's peer, an order's settlement). */
export function VaultAccountLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={vaultAccountPath(id)} size="sm">
      {children}
    </Anchor>
  );
}
