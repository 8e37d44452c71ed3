import { NotAvailablePage } from '../../components/not-available-page';

export default function TransactionsPage() {
  return (
    <NotAvailablePage
      title="Transactions"
      purpose="Here you will follow the workspace's transactions, their status and their place on the chain."
    />
  );
}
