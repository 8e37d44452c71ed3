import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { use } from 'react';
import { isRouteErrorResponse, Link, useMatches, useRevalidator, useRouteError } from 'react-router';
import { BackLink } from '../components/back-link';
import { ErrorView } from '../components/error-view';
import { DocumentTitle, Page, PRODUCT_NAME } from '../components/page';
import type { NavItem } from './navigation';

const reload = () => window.location.reload();

/** The last line: anything that broke outside the shell, such as the service being unreachable on load. */
export function AppErrorBoundary() {
  const error = useRouteError();
  return (
    <Container component="main" size={560} py={80}>
      <DocumentTitle>Something went wrong</DocumentTitle>
      <Stack gap="lg">
        <Title order={1}>{PRODUCT_NAME} could not start</Title>
        <ErrorView title="Something went wrong" error={error} onRetry={reload} />
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Text>There is no page at this address.</Text>
      <Group>
        <Button component={Link} to="/" variant="light">
          Go to the start page
        </Button>
      </Group>
    </Page>
  );
}

/** A page that failed inside the shell: the header and navigation stay usable around it. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Page title="This page failed">
      <ErrorView title="This page could not be shown" error={error} onRetry={reload} />
    </Page>
  );
}

/**
 * A page route's error boundary: the page's first query failed (in the route's loader, or read with
 * `useSuspenseQuery`), or the page broke while drawing. The page's title stays, the failure is
 * named as the page names it (its `pageData.errorTitle`), and "Try again" runs the route's loader
 * again, which asks the service afresh; a page whose chunk cannot be fetched goes to the boundary above.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  // The page route's handle is its nav item (app/router.tsx).
  const page = useMatches().at(-1)?.handle as NavItem | undefined;
  const revalidator = useRevalidator();
  if (!page) return <RouteErrorBoundary />;
  const { pageData } = use(page.page.preload());
  // The loader fetches a query that failed afresh (ensureQueryData finds no data), and the page draws with its answer.
  const retry = () => void revalidator.revalidate();
  const View = pageData?.ErrorView ?? ErrorView;
  return (
    <Page title={page.label}>
      {pageData?.back && <BackLink to={pageData.back.to}>{pageData.back.label}</BackLink>}
      <View title={pageData?.errorTitle ?? 'This page could not be shown'} error={error} onRetry={retry} />
    </Page>
  );
}
