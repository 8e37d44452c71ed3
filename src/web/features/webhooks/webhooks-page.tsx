import { useParams } from 'react-router';
import { SignaturesPage } from './signatures-page';
import { WebhookPage } from './webhook-page';
import { WebhooksListPage } from './webhooks-list-page';

/**
 * The webhooks area: the list at /webhooks, the signature guide at /webhooks/signatures and one
 * webhook with its notifications at /webhooks/{webhookId} (see the router).
 */
export default function WebhooksPage() {
  const rest = useParams()['*'];
  if (!rest) return <WebhooksListPage />;
  if (rest === 'signatures') return <SignaturesPage />;
  return <WebhookPage key={rest} webhookId={rest} />;
}
