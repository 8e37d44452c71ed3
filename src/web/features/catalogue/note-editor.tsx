import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type Asset, MAX_NOTE_LENGTH, NoteText } from '../../../contract/catalogue';
import { ActionButton } from '../../components/action-button';
import { FormFooter } from '../../components/form-footer';
import { reportFormError } from '../../components/report-form-error';
import { useSaveAssetNote } from './api';
import { useReturnFocus } from './use-return-focus';

const NoteFields = z.object({ text: NoteText });
type NoteFields = z.infer<typeof NoteFields>;

function NoteForm({ asset, onDone }: { asset: Asset; onDone: () => void }) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<NoteFields>({ resolver: zodResolver(NoteFields), defaultValues: { text: asset.metadata.note?.text ?? '' } });
  // The editor opens where the user asked for it: typing can start at once.
  useEffect(() => setFocus('text'), [setFocus]);
  const length = useWatch({ control, name: 'text' }).length;
  const save = useSaveAssetNote(asset, {
    onError: (error) => reportFormError('Your note was not saved', error, ['text'], (field, message) => setError(field, { type: 'server', message })),
  });

  return (
    <form noValidate aria-label="My note" onSubmit={handleSubmit(({ text }) => save.mutate(text, { onSuccess: onDone }))}>
      <Stack gap="xs">
        <Textarea
          label="Your note"
          description={`${length} of ${MAX_NOTE_LENGTH} characters. Only you see it. Escape cancels.`}
          rows={4}
          error={errors.text?.message}
          // Escape leaves the editor, not the drawer around it (Mantine skips elements marked so).
          data-mantine-stop-propagation
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !save.isPending) onDone();
          }}
          {...register('text')}
        />
        <FormFooter pending={save.isPending} onCancel={onDone} submitLabel="Save note" />
      </Stack>
    </form>
  );
}

/** The signed-in user's own note on the asset, which only they see; editable in place when allowed. */
export function NoteEditor({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const text = asset.metadata.note?.text ?? '';
  const editButton = useReturnFocus(editing);

  if (editing) return <NoteForm asset={asset} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="xs" align="flex-start">
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="my-note">
          {text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {canEdit ? 'You have no note on this asset.' : 'You have no note on this asset, and your role cannot add one.'}
        </Text>
      )}
      {canEdit && (
        <ActionButton
          operation="updateAssetMetadata"
          ref={editButton}
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {text ? 'Edit note' : 'Add a note'}
        </ActionButton>
      )}
    </Stack>
  );
}
