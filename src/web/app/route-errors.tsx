import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorView } from '../components/error-view';
import { DocumentTitle, Page, PRODUCT_NAME } from '../components/page';

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
