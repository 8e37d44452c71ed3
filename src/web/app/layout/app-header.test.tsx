import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realServiceForFile } from '../../test/real-service';
import { renderAt } from '../../test/render';
import { sessionFor } from '../../test/service';
import { AppHeader } from './app-header';
import { API_REFERENCE_URL, OPENAPI_URL } from './help-menu';

// The real service, to show that the help menu's links lead to what it serves.
const service = realServiceForFile();

describe('the header’s help menu', () => {
  it('links to the API reference and the OpenAPI document that the service serves, each in a new tab', async () => {
    const user = userEvent.setup();
    renderAt(<AppHeader user={sessionFor('VIEWER').user} navOpened={false} onToggleNav={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Help' }));
    const reference = await screen.findByRole('menuitem', { name: 'API reference (opens in a new tab)' });
    expect(reference).toHaveAttribute('href', '/docs');
    expect(reference).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'OpenAPI document (opens in a new tab)' })).toHaveAttribute('href', '/v1/openapi.json');

    const page = await fetch(new URL(API_REFERENCE_URL, service.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/swagger/i);
    const document = await fetch(new URL(OPENAPI_URL, service.url));
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  });
});
