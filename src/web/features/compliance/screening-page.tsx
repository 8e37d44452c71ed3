import { NotAvailablePage } from '../../components/not-available-page';

export default function ScreeningPage() {
  return (
    <NotAvailablePage
      title="Screening"
      purpose="Here compliance staff will set the workspace's screening configuration: whether screening may be bypassed and whether frozen funds may be unfrozen."
    />
  );
}
