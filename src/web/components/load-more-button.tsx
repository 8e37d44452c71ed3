import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the button needs of a list read page by page: an infinite query's result. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Fetches the next page of `list`, for as long as there is one. */
export function LoadMoreButton({ list, children = 'Load more' }: { list: PagedList; children?: ReactNode }) {
  if (!list.hasNextPage) return null;
  return (
    <Group>
      <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {children}
      </Button>
    </Group>
  );
}
