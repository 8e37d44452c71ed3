import { NotAvailablePage } from '../../components/not-available-page';

export default function AssetsPage() {
  return (
    <NotAvailablePage
      title="Assets"
      purpose="Here you will browse the assets of the workspace, register a new asset, set an asset's price and keep your own notes on it."
    />
  );
}
