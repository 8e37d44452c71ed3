import { NotAvailablePage } from '../../components/not-available-page';

export default function TravelRulePage() {
  return (
    <NotAvailablePage
      title="Travel rule"
      purpose="Here compliance staff will work through Travel Rule messages that wait for an action and look up the VASPs on the other side."
    />
  );
}
