import { Box, Button, Group, Kbd } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Role } from '../../../contract/roles';
import { notifyError } from '../../components/notify-error';

// Spotlight, the searches and the feature queries behind them are a chunk of their own, fetched the
// first time somebody opens the palette: no first screen waits for them.
const loadPalette = () => import('./command-palette');
type PaletteModule = Awaited<ReturnType<typeof loadPalette>>;

/** The header's search button, and Ctrl+K or Cmd+K anywhere in the signed-in console: both open the command palette. */
export function PaletteLauncher({ role }: { role: Role }) {
  const [palette, setPalette] = useState<PaletteModule | null>(null);
  const os = useOs();
  const open = () => {
    loadPalette()
      .then((module) => {
        setPalette(module);
        module.palette.open();
      })
      .catch((error: unknown) => notifyError('The search could not be opened', error));
  };
  // Not while typing in a field: Ctrl+K there belongs to the field (and to the palette's own search).
  useHotkeys([['mod+K', open]]);
  const Palette = palette?.default;

  return (
    <>
      {/* Below the sm breakpoint only the icon shows: the header has no room for more at 390 px. */}
      <Button variant="default" px={{ base: 'xs', sm: 'sm' }} aria-label="Search the console" aria-keyshortcuts="Control+K Meta+K" onClick={open}>
        <Group gap={8} wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Box component="span" visibleFrom="sm">
            Search
          </Box>
          <Kbd size="xs" visibleFrom="sm">
            {os === 'macos' || os === 'ios' ? '⌘ K' : 'Ctrl K'}
          </Kbd>
        </Group>
      </Button>
      {Palette && <Palette role={role} />}
    </>
  );
}
