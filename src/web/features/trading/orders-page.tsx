import { NotAvailablePage } from '../../components/not-available-page';

export default function OrdersPage() {
  return (
    <NotAvailablePage
      title="Orders"
      purpose="Here traders will place buy and sell orders through a provider account and follow each order from creation to settlement."
    />
  );
}
