import { NotAvailablePage } from '../../components/not-available-page';

export default function QuorumPage() {
  return (
    <NotAvailablePage
      title="Quorum"
      purpose="Here admins will request a change to the admin quorum threshold: how many admins must approve a sensitive change before it takes effect."
    />
  );
}
