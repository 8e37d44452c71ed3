import { Badge, Drawer, Modal } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';

describe('the theme', () => {
  it('names the close button of every notification, which Mantine leaves without a name', async () => {
    renderAt(<Notifications />);
    act(() => {
      notifications.show({ title: 'Webhook saved', message: 'https://hooks.example.com/x' });
    });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("writes a titled notification's message in the dimmed colour, which keeps AA contrast, not Mantine's gray.6", async () => {
    renderAt(<Notifications />);
    act(() => {
      notifications.show({ title: 'Order submitted', message: 'It is on its way to the provider' });
    });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('It is on its way to the provider')).toHaveStyle({ color: 'var(--mantine-color-dimmed)' });
  });

  it('never cuts a badge’s label short, in a cell narrower than it', () => {
    renderAt(
      <div style={{ width: 20 }}>
        <Badge variant="dot">Pending signature</Badge>
      </div>,
    );
    const label = screen.getByText('Pending signature');
    expect(label).toHaveStyle({ overflow: 'visible', textOverflow: 'clip' });
    expect(label.parentElement).toHaveStyle({ overflow: 'visible', flexShrink: '0' });
  });

  it('names the close button of dialogs and drawers, and lets one name its own', async () => {
    renderAt(
      <>
        <Modal opened onClose={() => {}} title="Edit webhook">
          A form
        </Modal>
        <Drawer opened onClose={() => {}} title="Asset" closeButtonProps={{ 'aria-label': 'Close asset details' }}>
          Details
        </Drawer>
      </>,
    );
    expect(within(await screen.findByRole('dialog', { name: 'Edit webhook' })).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Asset' })).getByRole('button', { name: 'Close asset details' })).toBeInTheDocument();
  });
});
