import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateWebhookRequest, type Webhook, WEBHOOK_ERRORS, WEBHOOK_EVENTS } from '../../../contract/webhooks';
import { FormFooter } from '../../components/form-footer';
import { reportFormError } from '../../components/report-form-error';
import { isApiError } from '../../lib/api-client';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { EVENT_LABELS } from './labels';

type WebhookInput = z.input<typeof CreateWebhookRequest>;
type WebhookOutput = z.output<typeof CreateWebhookRequest>;

const FIELDS = ['url', 'description', 'events'] as const;

interface WebhookFormProps {
  /** The webhook to edit; a new one is registered without it. */
  webhook?: Webhook;
  onDone: (webhook: Webhook) => void;
  onCancel: () => void;
}

function useSave(webhook: Webhook | undefined, onError: (error: unknown) => void) {
  const create = useCreateWebhook({ onError });
  const update = useUpdateWebhook(webhook?.id ?? '', { onError });
  return webhook ? update : create;
}

/**
 * Registers a webhook or edits one: where events go, which events, and whether it is on. The
 * contract's schema checks it in the browser; the service's verdict on the URL (not https, an
 * address it refuses) lands on the URL field.
 */
export function WebhookForm({ webhook, onDone, onCancel }: WebhookFormProps) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<WebhookInput, unknown, WebhookOutput>({
    resolver: zodResolver(CreateWebhookRequest),
    mode: 'onTouched',
    defaultValues: webhook
      ? { url: webhook.url, description: webhook.description ?? '', events: webhook.events, enabled: webhook.status !== 'DISABLED' }
      : { url: '', description: '', events: ['transaction.created', 'transaction.status.updated'], enabled: true },
  });

  const save = useSave(webhook, (error) => {
    if (isApiError(error) && (error.code === WEBHOOK_ERRORS.invalidUrl || error.code === WEBHOOK_ERRORS.refusedAddress)) {
      setError('url', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    reportFormError(webhook ? 'The webhook was not saved' : 'The webhook was not registered', error, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    );
  });

  const submit = handleSubmit((values) => {
    // An emptied description is sent as empty, so the one saved before is cleared rather than kept.
    const body = webhook?.description && values.description === undefined ? { ...values, description: '' } : values;
    save.mutate(body, { onSuccess: onDone });
  });

  return (
    <form noValidate aria-label={webhook ? 'Edit webhook' : 'Register a webhook'} onSubmit={submit}>
      <Stack>
        <TextInput
          label="URL"
          description="Where the events are POSTed: an https address your receiver listens on"
          placeholder="https://hooks.example.com/asset-ops"
          required
          type="url"
          autoComplete="off"
          spellCheck={false}
          error={errors.url?.message}
          data-autofocus
          {...register('url')}
        />
        <TextInput
          label="Description"
          description="What the receiver is, for whoever reads this list later"
          error={errors.description?.message}
          {...register('description', { setValueAs: (value: string) => value.trim() || undefined })}
        />
        <Controller
          control={control}
          name="events"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Events"
              description="The event types this webhook receives"
              required
              value={field.value}
              onChange={(events) => field.onChange(events)}
              error={fieldState.error?.message}
            >
              <Stack gap="xs" mt="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={EVENT_LABELS[event].label}
                    description={
                      <Text span size="xs" c="dimmed">
                        {EVENT_LABELS[event].description} <code>{event}</code>
                      </Text>
                    }
                    onBlur={field.onBlur}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              description="A disabled webhook keeps its settings and history but is sent nothing"
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FormFooter pending={save.isPending} onCancel={onCancel} submitLabel={webhook ? 'Save webhook' : 'Register webhook'} />
      </Stack>
    </form>
  );
}
