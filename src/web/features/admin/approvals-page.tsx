import { NotAvailablePage } from '../../components/not-available-page';

export default function ApprovalsPage() {
  return (
    <NotAvailablePage
      title="Approvals"
      purpose="Here admins will review and decide on pending requests, such as a new API user or a change to the admin quorum, that need their approval."
    />
  );
}
