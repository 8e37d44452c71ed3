import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const PRODUCT_NAME = 'Asset Ops';

/** Names the document after the page; React 19 hoists the title element into the head. */
export function DocumentTitle({ children }: { children: string }) {
  return <title>{`${children} · ${PRODUCT_NAME}`}</title>;
}

/** The frame of every console page: its document title, its one h1 and an optional lead. */
interface PageProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

export function Page({ title, description, children }: PageProps) {
  return (
    <Stack gap="lg">
      <DocumentTitle>{title}</DocumentTitle>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
