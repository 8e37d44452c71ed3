import { Alert, Button, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';

type KeyState =
  | { step: 'idle' }
  | { step: 'generating' }
  /** The private key waits in memory for its one download; the CSR is not in the form yet. */
  | { step: 'ready'; csrPem: string; privateKeyPem: string; fileName: string }
  | { step: 'downloaded'; fileName: string }
  | { step: 'failed'; message: string };

const fileNameFor = (name: string) =>
  `${
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'api-user'
  }-private-key.pem`;

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download over, so no URL to the key outlives it.
  setTimeout(() => URL.revokeObjectURL(url));
}

async function generate(commonName: string) {
  if (!globalThis.crypto?.subtle) {
    throw new Error('This browser offers no key generation on this page: WebCrypto needs a secure (HTTPS) connection. Paste a certificate request instead.');
  }
  // Loaded on demand: the X.509 code is only needed by whoever generates a key.
  const { generateKeyAndCsr } = await import('./csr-generator');
  return generateKeyAndCsr(commonName.trim() || 'API user');
}

interface KeyPairFieldProps {
  /** Written into the certificate request's subject. */
  commonName: string;
  /** Receives the certificate request once the private key is safe with the user. */
  onCsr: (csrPem: string) => void;
  /** The form's error for the certificate request, if any. */
  error?: string;
}

/**
 * Generates an RSA-4096 key pair in this browser and offers the private key once, as a file. The
 * key is never stored and never sent: only the certificate request goes to the service, and only
 * after the private key has been downloaded, since without it the API user could never sign.
 */
export function KeyPairField({ commonName, onCsr, error }: KeyPairFieldProps) {
  const [key, setKey] = useState<KeyState>({ step: 'idle' });
  const errorId = useId();

  const start = () => {
    setKey({ step: 'generating' });
    generate(commonName).then(
      ({ csrPem, privateKeyPem }) => setKey({ step: 'ready', csrPem, privateKeyPem, fileName: fileNameFor(commonName) }),
      (failure: unknown) => setKey({ step: 'failed', message: failure instanceof Error ? failure.message : 'The key pair could not be generated.' }),
    );
  };

  const saveKey = () => {
    if (key.step !== 'ready') return;
    download(key.privateKeyPem, key.fileName);
    // From here on the private key exists only in the user's download.
    setKey({ step: 'downloaded', fileName: key.fileName });
    onCsr(key.csrPem);
  };

  // The form only knows that no request is there yet; say what is missing in this mode.
  const message = !error
    ? undefined
    : key.step === 'ready'
      ? 'Download the private key first: it is the only copy, and the API user cannot sign without it.'
      : key.step === 'downloaded'
        ? error
        : 'Generate a key pair first.';

  return (
    <Stack gap="xs">
      {key.step === 'idle' || key.step === 'failed' ? (
        <Group>
          <Button variant="light" leftSection={<IconKey size={16} aria-hidden />} onClick={start} aria-describedby={message ? errorId : undefined}>
            Generate key pair
          </Button>
        </Group>
      ) : key.step === 'generating' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Generating an RSA-4096 key pair… this takes a few seconds.</Text>
        </Group>
      ) : key.step === 'ready' ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Key pair ready: download the private key now">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">It is kept nowhere else and can be downloaded only this once.</Text>
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={saveKey} aria-describedby={message ? errorId : undefined}>
              Download private key
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs" wrap="nowrap" role="status">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm">
            Private key downloaded as <strong>{key.fileName}</strong>. Keep it safe: the API user signs its requests with it. The certificate request is ready
            to send.
          </Text>
        </Group>
      )}
      {key.step === 'failed' && <Input.Error>{key.message}</Input.Error>}
      {message && <Input.Error id={errorId}>{message}</Input.Error>}
    </Stack>
  );
}
