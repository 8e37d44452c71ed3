import { Alert, Box, Button, Center, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useFormState, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { TradingProvider } from '../../../contract/trading';
import { useSignedInUser } from '../../lib/use-session-state';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Page } from '../../components/page';
import { preloadable } from '../../components/preloadable';
import { reportFormError } from '../../components/report-form-error';
import { isApiError } from '../../lib/api-client';
import type { PageData } from '../../lib/page-data';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { providerQueries, useCreateOrder } from './api';
import { clearDraft, loadDraft, saveDraft, type StoredDraft } from './draft-storage';
import {
  checkDraft,
  type DraftField,
  draftFieldOf,
  draftResolver,
  EMPTY_DRAFT,
  firstStepWithIssues,
  type OrderDraft,
  REQUEST_FIELDS,
  REVIEW_STEP,
  STEPS,
  stepOf,
} from './order-draft';
import { ProviderStep } from './provider-step';
import { SourceOfFundsStep } from './source-of-funds-step';
import { TradingErrorView } from './trading-error-view';

// The first screen is the provider step: the later, larger steps load while the trader works on it.
// The next two draw at once when reached; the participants and the review, further on, are lazy.
const ExecutionStep = preloadable(async () => (await import('./execution-step')).ExecutionStep);
const SettlementStep = preloadable(async () => (await import('./settlement-step')).SettlementStep);
const loadParticipantsStep = () => import('./participants-step');
const loadReviewStep = () => import('./review-step');
const ParticipantsStep = lazy(async () => ({ default: (await loadParticipantsStep()).ParticipantsStep }));
const ReviewStep = lazy(async () => ({ default: (await loadReviewStep()).ReviewStep }));

/**
 * The stepped order builder. The whole draft is one form, checked by the contract's create-order
 * schema and the chosen provider's manifest (order-draft.ts); each step checks its own part before
 * the next one opens, and the review checks everything once more before anything is sent.
 */
function OrderBuilder({ providers }: { providers: TradingProvider[] }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [saved] = useState(() => loadDraft(user));
  const [step, setStep] = useState(() => Math.min(saved?.step ?? 0, REVIEW_STEP));
  const [reached, setReached] = useState(() => Math.min(Math.max(saved?.reached ?? 0, saved?.step ?? 0), REVIEW_STEP));
  const [unconfirmed, setUnconfirmed] = useState(false);
  const submission = useRef<StoredDraft['submission']>(saved?.submission ?? null);
  const accepted = useRef(false);
  const idempotency = useIdempotencyKey();
  const resolver = useMemo(() => draftResolver(providers), [providers]);
  // Checked as it changes, never on blur: a message vanishing as the focus leaves a field would
  // move the buttons below it away from under the pointer that is clicking them.
  const form = useForm<OrderDraft>({ defaultValues: saved?.draft ?? EMPTY_DRAFT, resolver, mode: 'onChange' });
  const { control, getValues, setError, trigger, subscribe } = form;

  useEffect(() => {
    ExecutionStep.preload();
    SettlementStep.preload();
    void loadParticipantsStep();
    void loadReviewStep();
  }, []);
  const providerId = useWatch({ control, name: 'providerId' });
  const provider = providers.find((p) => p.id === providerId);
  const { errors } = useFormState({ control });

  // Everything typed is kept for this tab as it is typed (see draft-storage), until the order is accepted.
  const save = useCallback(() => {
    if (!accepted.current) saveDraft(user, { draft: getValues(), step, reached, submission: submission.current });
  }, [user, getValues, step, reached]);
  useEffect(() => {
    save();
    return subscribe({ formState: { values: true }, callback: save });
  }, [subscribe, save]);

  // A step opened to show a problem puts the cursor on it, once its fields are on screen. Any
  // other step change moves the focus to the new step's heading, so a keyboard or screen reader
  // user starts at the top of the step just opened rather than on a button that is gone. Not on
  // the first render: opening the page leaves the focus where the browser puts it.
  const pendingFocus = useRef<DraftField | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    const field = pendingFocus.current;
    pendingFocus.current = null;
    const changed = shownStep.current !== step;
    shownStep.current = step;
    if (field) form.setFocus(field);
    else if (changed) stepHeading.current?.focus();
  }, [step, form]);

  const goTo = (index: number, field: DraftField | null = null) => {
    setReached((furthest) => Math.max(furthest, index));
    if (index === step) {
      if (field) form.setFocus(field);
      return;
    }
    pendingFocus.current = field;
    setStep(index);
  };

  const next = async () => {
    if (await trigger([...STEPS[step]!.roots])) {
      goTo(step + 1);
      return;
    }
    const first = checkDraft(getValues(), provider).issues.find((issue) => stepOf(issue.field) === step);
    if (first) form.setFocus(first.field);
  };

  const create = useCreateOrder({
    onError: (error) => {
      // No answer at all: the order may exist. The key stays with the draft for the next attempt.
      if (isApiError(error) && error.status === 0) {
        setUnconfirmed(true);
        return;
      }
      reportFormError('The order was not submitted', error, REQUEST_FIELDS, (path, message) => {
        const field = draftFieldOf(path.split('.'));
        setError(field, { type: 'server', message });
        goTo(stepOf(field), field);
      });
    },
  });

  const submit = async () => {
    const checked = checkDraft(getValues(), provider);
    if (!checked.request) {
      // Every problem gets its message, and the first step that has one opens on it.
      await trigger();
      const first = firstStepWithIssues(checked.issues) ?? REVIEW_STEP;
      goTo(first, checked.issues.find((issue) => stepOf(issue.field) === first)?.field ?? null);
      return;
    }
    // The same request keeps its key for as long as the draft lives, across reloads, and loses it
    // only when the service accepts the order. Any other answer (a 409 while the first attempt is
    // still in flight, say) leaves it, so no retry can ever make a second order.
    const fingerprint = JSON.stringify(checked.request);
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: idempotency.keyFor(checked.request) };
    save();
    setUnconfirmed(false);
    create.mutate(
      { body: checked.request, idempotencyKey: submission.current.key },
      {
        onSuccess: (order) => {
          accepted.current = true;
          clearDraft(user);
          void navigate(`/trading/orders/${order.id}`);
        },
      },
    );
  };

  const [discarding, setDiscarding] = useState(false);
  const startOver = () => {
    submission.current = null;
    form.reset(EMPTY_DRAFT);
    setUnconfirmed(false);
    setStep(0);
    setReached(0);
    setDiscarding(false);
  };

  const stepHasErrors = (index: number) => STEPS[index]!.roots.some((root) => root in errors);
  const current = STEPS[step]!;

  return (
    <FormProvider {...form}>
      <Stack gap="lg">
        <Box component="nav" aria-label="Steps of the order">
          <Stepper active={step} onStepClick={(index) => goTo(index)} size="sm">
            {STEPS.map((s, index) => (
              <Stepper.Step
                key={s.id}
                label={s.label}
                description={s.description}
                color={stepHasErrors(index) ? 'red' : undefined}
                allowStepSelect={index <= reached}
                disabled={index > reached}
                aria-current={index === step ? 'step' : undefined}
              />
            ))}
          </Stepper>
        </Box>
        <form
          noValidate
          aria-label={`${current.label}: step ${step + 1} of ${STEPS.length}`}
          onSubmit={(event) => {
            event.preventDefault();
            void (step === REVIEW_STEP ? submit() : next());
          }}
        >
          <Stack gap="lg">
            <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
              Step {step + 1} of {STEPS.length}: {current.label}
            </Title>
            {step > 0 && !provider && (
              <Alert color="red" variant="light" role="alert">
                Choose a provider first.
              </Alert>
            )}
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader role="status" aria-label="Loading the step" />
                </Center>
              }
            >
              {step === 0 && <ProviderStep providers={providers} />}
              {provider && step === 1 && <ExecutionStep provider={provider} />}
              {provider && step === 2 && <SettlementStep provider={provider} />}
              {provider && step === 3 && <ParticipantsStep provider={provider} />}
              {provider && step === 4 && <SourceOfFundsStep provider={provider} />}
              {provider && step === REVIEW_STEP && (
                <ReviewStep
                  provider={provider}
                  onEdit={(index) => goTo(index)}
                  onSubmit={() => void submit()}
                  submitting={create.isPending}
                  unconfirmed={unconfirmed}
                />
              )}
            </Suspense>
            {step < REVIEW_STEP && (
              <Group justify="space-between">
                <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0}>
                  Back
                </Button>
                <Button type="submit">Next: {STEPS[step + 1]!.label.toLowerCase()}</Button>
              </Group>
            )}
          </Stack>
        </form>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            The draft is kept in this browser tab until the order is submitted; nothing of it goes into the address bar.
          </Text>
          <Button variant="subtle" color="gray" size="xs" onClick={() => setDiscarding(true)} disabled={create.isPending}>
            Discard the draft
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={discarding}
        title="Discard this draft?"
        confirmLabel="Discard the draft"
        dismissLabel="Keep it"
        confirmColor="red"
        onConfirm={startOver}
        onClose={() => setDiscarding(false)}
      >
        <Text size="sm">Everything entered in every step is cleared, the participants’ details included.</Text>
      </ConfirmDialog>
    </FormProvider>
  );
}

export const pageData: PageData = {
  errorTitle: 'The providers could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(providerQueries.list()),
  // A workspace outside the trading beta is told so rather than shown a failure.
  ErrorView: TradingErrorView,
  back: { to: '/trading/orders', label: 'All orders' },
};

function OrderBuilderWithProviders() {
  const { data: providers } = useSuspenseQuery(providerQueries.list());
  return <OrderBuilder providers={providers} />;
}

export default function OrderBuilderPage() {
  return (
    <Page title="New order" description="Build a buy or sell order step by step; the provider you choose decides what it needs to know.">
      <BackLink to="/trading/orders">All orders</BackLink>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="status" aria-label="Loading the providers" />
          </Center>
        }
      >
        <OrderBuilderWithProviders />
      </Suspense>
    </Page>
  );
}
