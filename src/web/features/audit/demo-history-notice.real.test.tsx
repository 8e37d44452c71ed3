import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DemoHistoryProgress } from '../../../contract/audit-views';
import { callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderRoutes } from '../../test/render';
import AuditLogPage from './audit-log-page';

// The real service, whose demo workspace is as a first start leaves it: the newest of a 5,000-event
// history written, the rest still to come (this service does not write it, so it stays so).
const service = realServiceForFile({ demoHistoryEvents: 5_000 });

describe('the audit explorer while the demo history is written', () => {
  it('says how much of it is written', async () => {
    await signInTo(service, PEOPLE.auditor);
    const progress = await callServiceFor(service, '/v1/management/audit_logs/demo_history', DemoHistoryProgress);
    expect(progress).toEqual({ written: 1_000, total: 5_000 });
    renderRoutes({ '/audit': <AuditLogPage /> }, '/audit');
    const notice = await screen.findByRole('status', { name: 'The demo’s history is still being written' });
    expect(notice).toHaveTextContent('Demo history: 1,000 of 5,000 events written.');
  });
});
