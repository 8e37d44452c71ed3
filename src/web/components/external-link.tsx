import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A link to another site, opened in a new tab and marked as such for sight and for screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {children}
        <IconExternalLink size={14} aria-hidden />
        <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
      </Group>
    </Anchor>
  );
}
