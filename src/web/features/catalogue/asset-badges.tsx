import { Badge, Group } from '@mantine/core';
import type { Asset } from '../../../contract/catalogue';

/** What sets an asset apart: stablecoin, deprecated, or this workspace's own (scope LOCAL). */
export function AssetBadges({ asset }: { asset: Asset }) {
  const { features, deprecated, scope } = asset.metadata;
  if (!features.includes('STABLECOIN') && !deprecated && scope !== 'LOCAL') return null;
  return (
    <Group gap={4} wrap="nowrap">
      {features.includes('STABLECOIN') && (
        <Badge color="teal" variant="dot">
          Stablecoin
        </Badge>
      )}
      {deprecated && (
        <Badge color="red" variant="dot">
          Deprecated
        </Badge>
      )}
      {scope === 'LOCAL' && (
        <Badge color="violet" variant="dot">
          Local
        </Badge>
      )}
    </Group>
  );
}
