import { Paper, Skeleton, Stack, type StackProps, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A framed part of a page, named by its heading so that it is announced as a region. */
export function Section({ title, order = 2, children }: { title: string; order?: 2 | 3; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={order} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What stands for a part while its data loads: grey blocks of the given heights, announced once as
 * a status named `label` ("Loading the quorum…"). Beside the section rather than in a module of its
 * own: a module more is a chunk more in every page's preload list, and the order builder's first
 * screen is at its budget.
 */
export function LoadingSkeleton({ label, heights, gap, radius }: { label: string; heights: number[]; gap?: StackProps['gap']; radius?: 'sm' }) {
  return (
    <Stack gap={gap} role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} radius={radius} />
      ))}
    </Stack>
  );
}
