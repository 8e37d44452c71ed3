import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInRequest } from '../../../contract/auth';
import { DocumentTitle, PRODUCT_NAME } from '../../components/page';
import { describeError, isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { returnPath } from './return-path';
import { useSessionState } from './use-session';

const THROTTLED = '429';

export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useSessionState();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInRequest>({
    resolver: zodResolver(SignInRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await session.signIn(credentials);
      await navigate(returnPath(params.get('from')), { replace: true });
    } catch (error) {
      // The server's own words: "Email or password is incorrect", or when to try again after 429.
      const type = isApiError(error) ? String(error.status) : 'unknown';
      setError('root.server', { type, message: describeError(error).message });
    }
  });

  const serverError = errors.root?.server;

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
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            role="alert"
            title={serverError.type === THROTTLED ? 'Too many sign-in attempts' : 'Sign-in failed'}
          >
            {serverError.message}
          </Alert>
        )}
        <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate aria-label="Sign in">
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password')}
            />
            {/* A loading Mantine button is disabled, which also stops Enter from submitting twice. */}
            <Button type="submit" loading={isSubmitting} fullWidth>
              Sign in
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
