import { Anchor, Code, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LEGACY_SIGNATURE_HEADER, MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS, SIGNATURE_HEADER } from '../../../contract/webhooks';
import { BackLink } from '../../components/back-link';
import { CopyIconButton } from '../../components/copyable-value';
import { Page } from '../../components/page';
import { jwksUrl, verifySnippet } from './verify-snippet';

const RETRY_HOURS = Math.round(RETRY_SCHEDULE_SECONDS.reduce((total, seconds) => total + seconds, 0) / 3600);

/** A part of the guide, under its heading. */
function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** At /webhooks/signatures: how a receiver tells a genuine delivery from a forged one, with a receiver to copy. */
export default function SignaturesPage() {
  const jwks = jwksUrl(window.location.origin);
  const snippet = verifySnippet(jwks);
  return (
    <Page
      title="Verifying webhook signatures"
      description="Every delivery is signed with this service's private key. A receiver should act on a delivery only once its signature checks out."
    >
      <BackLink to="/webhooks">All webhooks</BackLink>
      <Topic id="signature-headers" title="The two headers">
        <List spacing="xs">
          <List.Item>
            <Code>{SIGNATURE_HEADER}</Code>: a detached JWS (RFC 7515, appendix F) written <Code>{'<protected header>..<signature>'}</Code>. Its header names
            the algorithm, RS512, and the <Code>kid</Code> of the key that signed. The payload it signs is the request body, left out of the header: put the
            body&apos;s base64url back between the two dots to verify it.
          </List.Item>
          <List.Item>
            <Code>{LEGACY_SIGNATURE_HEADER}</Code>: the older form, the base64 RSA-SHA512 signature of the body, for receivers written against it. It is checked
            with the same public key.
          </List.Item>
        </List>
        <Text>
          Both cover the <strong>raw bytes</strong> of the body exactly as they arrived. Verify before parsing: JSON parsed and written out again differs in
          spacing and key order, and its signature no longer matches.
        </Text>
      </Topic>
      <Topic id="signature-keys" title="The public keys">
        <Text>The keys are published as a JSON Web Key Set. Fetch them from the service, not from a copy, so a new key is picked up by its key id:</Text>
        <Group gap="xs">
          <Anchor href={jwks} target="_blank" rel="noopener noreferrer" ff="monospace" data-testid="jwks-url">
            {jwks}
          </Anchor>
          <CopyIconButton value={jwks} label="JWKS URL" />
        </Group>
      </Topic>
      <Stack gap="sm" component="section" aria-labelledby="signature-snippet">
        <Group justify="space-between">
          <Title order={2} size="h3" id="signature-snippet">
            A receiver in Node
          </Title>
          <CopyIconButton value={snippet} label="receiver code" />
        </Group>
        <Text>
          With <Code>jose</Code>, which fetches and caches the key set. It answers 401 to a delivery whose signature does not verify, and 200 to the others, at
          once.
        </Text>
        <Paper withBorder>
          <ScrollArea type="auto">
            <Code block aria-label="Receiver code" tabIndex={0}>
              {snippet}
            </Code>
          </ScrollArea>
        </Paper>
      </Stack>
      <Topic id="signature-duplicates" title="Duplicates and retries">
        <Text>
          Delivery is <strong>at least once</strong>. A delivery that is not answered with a 2xx in time is tried again, {MAX_ATTEMPTS} times in all over about{' '}
          {RETRY_HOURS} hours, and an admin can resend any notification; a retry or a resend carries the same envelope <Code>id</Code>. Keep the ids you have
          handled and drop a delivery whose id you have seen. Answer quickly and do slow work afterwards, so a slow answer is not taken for a failure and sent
          again.
        </Text>
      </Topic>
    </Page>
  );
}
