import { NotAvailablePage } from '../../components/not-available-page';

export default function AuditLogPage() {
  return (
    <NotAvailablePage
      title="Audit log"
      purpose="Here admins, auditors and security staff will search the workspace's audit trail by time, category, subject, event and user."
    />
  );
}
