import { NotAvailablePage } from '../../components/not-available-page';

export default function EarnPage() {
  return (
    <NotAvailablePage
      title="Earn"
      purpose="Here you will see the lending providers integrated with the workspace, the chains they support and whether their terms of service are approved."
    />
  );
}
