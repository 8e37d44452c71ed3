import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';

function FailingAction({ error }: { error: Error }) {
  const action = useMutation({
    mutationFn: async () => {
      throw error;
    },
    meta: { errorTitle: 'Sign-out failed' },
  });
  return (
    <>
      <button onClick={() => action.mutate()}>Act</button>
      <p>{action.status}</p>
    </>
  );
}

function FirstLoad({ error }: { error: Error }) {
  const query = useQuery({
    queryKey: ['first-load', error],
    queryFn: async (): Promise<string> => {
      throw error;
    },
    retry: false,
  });
  return <p>{query.status}</p>;
}

function renderWithClient(ui: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('createQueryClient', () => {
  it('reports a failed action as a notification that carries the request id', async () => {
    const user = userEvent.setup();
    renderWithClient(<FailingAction error={new ApiError(503, 503, 'The service is restarting', 'req-42')} />);

    await user.click(screen.getByRole('button', { name: 'Act' }));

    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    expect(screen.getByText('The service is restarting (request id req-42)')).toBeInTheDocument();
  });

  it('leaves a 401 to the session: no notification', async () => {
    const user = userEvent.setup();
    renderWithClient(<FailingAction error={new ApiError(401, 401, 'Token expired', 'req-1')} />);

    await user.click(screen.getByRole('button', { name: 'Act' }));

    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(screen.queryByText('Sign-out failed')).not.toBeInTheDocument();
  });

  it('leaves a first-load failure to the page instead of notifying', async () => {
    renderWithClient(<FirstLoad error={new ApiError(500, 500, 'Internal server error', 'req-2')} />);

    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  });
});
