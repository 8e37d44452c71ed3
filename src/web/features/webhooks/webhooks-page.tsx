import { NotAvailablePage } from '../../components/not-available-page';

export default function WebhooksPage() {
  return (
    <NotAvailablePage
      title="Webhooks"
      purpose="Here you will manage the endpoints that receive notifications about transactions, and see how their deliveries went."
    />
  );
}
