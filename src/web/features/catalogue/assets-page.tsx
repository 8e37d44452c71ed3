import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { mayPerform } from '../../../contract/operations';
import { useSignedInUser } from '../../app/auth/use-session';
import { useRequestedAction } from '../../lib/requested-action';
import { blockchainQueries } from './api';
import { AssetDrawer } from './asset-drawer';
import { AssetFiltersPanel } from './asset-filters';
import { AssetsList } from './assets-list';
import { CataloguePage } from './catalogue-page';
import { useAssetsView } from './use-assets-view';

// Only those who open the dialog need the form and the hashing behind its address checks.
const RegisterAssetForm = lazy(() => import('./register-asset-form'));

export default function AssetsPage() {
  const { role } = useSignedInUser();
  const controls = useAssetsView();
  // Names the chains in the list and fills the blockchain filter; the list does not wait for it.
  const chains = useQuery(blockchainQueries.list()).data;
  const chainList = useMemo(() => chains ?? [], [chains]);
  const chainsById = useMemo(() => new Map(chainList.map((chain) => [chain.id, chain])), [chainList]);
  const [registering, setRegistering] = useState(false);
  useRequestedAction('registerAsset', () => setRegistering(true));

  return (
    <CataloguePage tab="assets" description="The assets this workspace can use: the global catalogue and the tokens it registered itself.">
      {mayPerform(role, 'registerAsset') && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)} disabled={!chains}>
            Register asset
          </Button>
        </Group>
      )}
      <AssetFiltersPanel view={controls.view} chains={chainList} onChange={controls.setFilters} />
      <AssetsList controls={controls} chains={chainsById} />
      <AssetDrawer
        assetId={controls.view.asset}
        chains={chainsById}
        onClose={controls.closeAsset}
        canSetPrice={mayPerform(role, 'setAssetPrice')}
        canEditNote={mayPerform(role, 'updateAssetMetadata')}
      />
      {/* Clicking outside would throw away an address typed or pasted with care. */}
      <Modal opened={registering} onClose={() => setRegistering(false)} title="Register an asset" size="lg" closeOnClickOutside={false}>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label="Loading the form" />
            </Center>
          }
        >
          <RegisterAssetForm
            chains={chainList}
            onCancel={() => setRegistering(false)}
            onRegistered={(registered) => {
              setRegistering(false);
              controls.showRegistered({ id: registered.legacyId, address: registered.onchain.address ?? registered.onchain.symbol });
            }}
          />
        </Suspense>
      </Modal>
    </CataloguePage>
  );
}
