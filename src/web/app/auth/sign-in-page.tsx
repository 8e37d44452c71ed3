import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint, IconInfoCircle } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { SignInRequest } from '../../../contract/auth';
import { DocumentTitle, PRODUCT_NAME } from '../../components/page';
import { describeError, isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { returnPath } from './return-path';
import { useSessionState } from '../../lib/use-session-state';

type Field = keyof SignInRequest;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The contract's schema checks the form, imported when the form is first submitted: zod is more
 * JavaScript than the rest of this page, and nothing needs it before then. (A form library would
 * cost as much again for two fields.) Each field shows its first issue.
 */
async function validate(values: SignInRequest): Promise<{ data: SignInRequest | null; errors: FieldErrors }> {
  const { SignInRequest } = await import('../../../contract/auth');
  const result = SignInRequest.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** The alert for a failed sign-in: throttling has a title of its own, whichever way was tried. */
const failure = (error: unknown, title: string) => ({
  title: isApiError(error) && error.status === 429 ? 'Too many sign-in attempts' : title,
  message: describeError(error).message,
});

/**
 * The sign-in form. It knows no router: the console's first screen at /sign-in is drawn without
 * react-router (main.tsx), and inside the router SignInRoute passes the same two things in.
 * `from` is the `from` parameter of the address; `onSignedIn` goes to the (checked) path.
 */
export function SignInPage({ from, onSignedIn }: { from: string | null; onSignedIn: (path: string) => unknown }) {
  const state = useSessionState();
  const [values, setValues] = useState<SignInRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's own words: "Email or password is incorrect", or when to try again after 429; or
  // why a passkey could not be used (cancelled, none on this device, the wrong address).
  const [serverError, setServerError] = useState<{ title: string; message: string } | null>(null);
  const [isSubmitting, setSubmitting] = useState<'password' | 'passkey' | null>(null);
  const submitted = useRef(false);
  const busy = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // Once the form has been submitted, each change is checked again, so a fixed field clears.
    if (submitted.current) void validate(next).then((result) => setErrors(result.errors));
  };

  /** What the two inputs share: required, named after their field, its value, change and error. */
  const fieldProps = (field: Field) => ({ required: true, name: field, value: values[field], onChange: onChange(field), error: errors[field] });

  /**
   * One attempt, of either way: none while another is on its way (a second click or Enter sends
   * nothing), then to where the user was heading. `signIn` answers false when it sent nothing.
   */
  const attempt = async (way: 'password' | 'passkey', failed: string, signIn: () => Promise<boolean>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(way);
    setServerError(null);
    try {
      if (await signIn()) await onSignedIn(returnPath(from));
    } catch (error) {
      setServerError(failure(error, failed));
    } finally {
      busy.current = false;
      setSubmitting(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return attempt('password', 'Sign-in failed', async () => {
      submitted.current = true;
      const { data, errors: found } = await validate(values);
      setErrors(found);
      if (!data) {
        (found.email ? emailInput : passwordInput).current?.focus();
        return false;
      }
      await session.signIn(data);
      return true;
    });
  };

  const onPasskey = () =>
    attempt('passkey', 'Passkey sign-in failed', async () => {
      await session.signInWithPasskey();
      return true;
    });

  return (
    <Container component="main" size={440} py={80}>
      <DocumentTitle>Sign in</DocumentTitle>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Sign in to {PRODUCT_NAME}</Title>
          <Text c="dimmed">The console for your workspace&apos;s digital-asset operations.</Text>
        </Stack>
        {state.status === 'signed-out' && state.expired && !serverError && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title="Your session has ended">
            Sign in again to continue where you left off.
          </Alert>
        )}
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={serverError.title}>
            {serverError.message}
          </Alert>
        )}
        <Paper withBorder p="lg" component="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
          <Stack>
            <TextInput label="Email" type="email" autoComplete="username" ref={emailInput} {...fieldProps('email')} />
            <PasswordInput label="Password" autoComplete="current-password" ref={passwordInput} {...fieldProps('password')} />
            {/* A loading Mantine button is disabled, which also stops Enter from submitting twice. */}
            <Button type="submit" loading={isSubmitting === 'password'} disabled={isSubmitting === 'passkey'} fullWidth>
              Sign in
            </Button>
          </Stack>
        </Paper>
        <Text c="dimmed" ta="center" size="sm">
          or
        </Text>
        <Button
          variant="default"
          leftSection={<IconFingerprint size={18} aria-hidden />}
          loading={isSubmitting === 'passkey'}
          disabled={isSubmitting === 'password'}
          onClick={() => void onPasskey()}
          fullWidth
        >
          Sign in with a passkey
        </Button>
      </Stack>
    </Container>
  );
}
