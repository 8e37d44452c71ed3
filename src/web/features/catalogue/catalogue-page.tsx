import { Stack, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/page';

const TABS = {
  assets: { label: 'Assets', path: '/catalogue/assets' },
  blockchains: { label: 'Blockchains', path: '/catalogue/blockchains' },
} as const;

export type CatalogueTab = keyof typeof TABS;

interface CataloguePageProps {
  tab: CatalogueTab;
  description: ReactNode;
  children: ReactNode;
}

/**
 * The catalogue's frame: one tab per route (the navigation links both), so each tab keeps its
 * own address and chunk. Tabs are activated with Enter or Space rather than by arrowing over
 * them, since activating one loads another page.
 */
export function CataloguePage({ tab, description, children }: CataloguePageProps) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const selected = useRef<HTMLButtonElement>(null);

  // Switching tabs mounts the other page: focus would fall back to the document, so the newly
  // selected tab takes it, as it would with tabs on one page.
  const cameByTab = (state as { fromTab?: boolean } | null)?.fromTab === true;
  useEffect(() => {
    if (cameByTab) selected.current?.focus();
  }, [cameByTab]);

  return (
    <Page title={TABS[tab].label} description={description}>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value !== tab) void navigate(TABS[value as CatalogueTab].path, { state: { fromTab: true } });
        }}
        activateTabWithKeyboard={false}
      >
        <Tabs.List aria-label="Catalogue">
          {(Object.keys(TABS) as CatalogueTab[]).map((key) => (
            <Tabs.Tab key={key} value={key} ref={key === tab ? selected : undefined}>
              {TABS[key].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <Stack gap="lg">{children}</Stack>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
