import { NotAvailablePage } from '../../components/not-available-page';

export default function BlockchainsPage() {
  return (
    <NotAvailablePage
      title="Blockchains"
      purpose="Here you will browse the blockchains the workspace supports, by their identifier or their legacy identifier."
    />
  );
}
