import { Group, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { mayPerform } from '../../../contract/operations';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { FormLoader } from '../../components/form-loader';
import { preloadable } from '../../components/preloadable';
import { useRequestedAction } from '../../lib/requested-action';
import { blockchainQueries } from './api';
import { AssetFiltersPanel } from './asset-filters';
import { AssetsList } from './assets-list';
import { CataloguePage } from './catalogue-page';
import { useAssetsView } from './use-assets-view';

// Only those who open the dialog need the form and the hashing behind its address checks.
const RegisterAssetForm = lazy(() => import('./register-asset-form'));
// An asset's details (with the forms that set its price and note) are drawn once one is chosen: fetched
// as the page opens, not before it draws; a link to an asset opens them as they come in.
const AssetDrawer = preloadable(async () => (await import('./asset-drawer')).AssetDrawer);

export default function AssetsPage() {
  const { role } = useSignedInUser();
  const controls = useAssetsView();
  // Names the chains in the list and fills the blockchain filter. The list waits for its first
  // answer (the names would widen their column under the rows), not for retries after a failure.
  const chainsQuery = useQuery(blockchainQueries.list());
  const chains = chainsQuery.data;
  const chainList = useMemo(() => chains ?? [], [chains]);
  const chainsById = useMemo(() => new Map(chainList.map((chain) => [chain.id, chain])), [chainList]);
  const [registering, setRegistering] = useState(false);
  useEffect(() => AssetDrawer.preload(), []);
  useRequestedAction('registerAsset', () => setRegistering(true));

  return (
    <CataloguePage tab="assets" description="The assets this workspace can use: the global catalogue and the tokens it registered itself.">
      {mayPerform(role, 'registerAsset') && (
        <Group>
          <ActionButton operation="registerAsset" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)} disabled={!chains}>
            Register asset
          </ActionButton>
        </Group>
      )}
      <AssetFiltersPanel view={controls.view} chains={chainList} onChange={controls.setFilters} />
      <AssetsList controls={controls} chains={chainsById} chainsPending={chainsQuery.isPending && chainsQuery.failureCount === 0} />
      <Suspense fallback={null}>
        <AssetDrawer
          assetId={controls.view.asset}
          chains={chainsById}
          onClose={controls.closeAsset}
          canSetPrice={mayPerform(role, 'setAssetPrice')}
          canEditNote={mayPerform(role, 'updateAssetMetadata')}
        />
      </Suspense>
      {/* Clicking outside would throw away an address typed or pasted with care. */}
      <Modal opened={registering} onClose={() => setRegistering(false)} title="Register an asset" size="lg" closeOnClickOutside={false}>
        <Suspense fallback={<FormLoader />}>
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
