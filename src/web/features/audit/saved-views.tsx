import { ActionIcon, Anchor, Box, Button, Group, Modal, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type AuditColumn, SAVED_VIEW_LIMITS, type SavedView } from '../../../contract/audit-views';
import { ActionButton, actionMark } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api-client';
import { explorerQueries, savedViewPath, useDeleteView, useRenameView, useSaveView } from './explorer-api';

/** The name dialog of saving and of renaming: the service's refusal (a name taken) is shown under the field. */
function NameDialog({
  title,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Enter a name');
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (failure) {
      setError(isApiError(failure) && failure.status < 500 ? failure.message : 'It could not be saved: try again');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={SAVED_VIEW_LIMITS.name}
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The reader's saved views (kept on the service, their own only): each opens by its id; the current
 * search and columns can be saved under a new name; a view can be renamed or deleted.
 */
export function SavedViews({ filters, columns }: { filters: string; columns: AuditColumn[] }) {
  const views = useQuery(explorerQueries.views());
  const save = useSaveView();
  const rename = useRenameView();
  const remove = useDeleteView();
  const [dialog, setDialog] = useState<{ kind: 'save' } | { kind: 'rename' | 'delete'; view: SavedView } | null>(null);

  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-views-heading">
      <Group justify="space-between">
        <Title id="saved-views-heading" order={2} size="h4">
          Saved views
        </Title>
        <ActionButton operation="createAuditView" size="xs" variant="light" onClick={() => setDialog({ kind: 'save' })}>
          Save this view
        </ActionButton>
      </Group>
      {/* Every state one line of the list's height (its icons are 22 px), so that what is below
          does not move when the views arrive. */}
      <Box mih={22}>
        {views.isError ? (
          <Text size="sm" c="red">
            The saved views could not be loaded.
          </Text>
        ) : views.isPending ? (
          <Text size="sm" c="dimmed">
            Loading your saved views…
          </Text>
        ) : views.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet: save a search with its columns to come back to it.
          </Text>
        ) : (
          <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your saved views">
            {views.data.map((view) => (
              <Group key={view.id} gap={2} component="li" wrap="nowrap">
                <Anchor component={Link} to={savedViewPath(view.id)} size="sm">
                  {view.name}
                </Anchor>
                <Tooltip label={`Rename ${view.name}`}>
                  <ActionIcon
                    {...actionMark('renameAuditView')}
                    variant="subtle"
                    size="sm"
                    color="gray"
                    aria-label={`Rename ${view.name}`}
                    onClick={() => setDialog({ kind: 'rename', view })}
                  >
                    <IconPencil size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={`Delete ${view.name}`}>
                  <ActionIcon
                    {...actionMark('deleteAuditView')}
                    variant="subtle"
                    size="sm"
                    color="gray"
                    aria-label={`Delete ${view.name}`}
                    onClick={() => setDialog({ kind: 'delete', view })}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Group>
        )}
      </Box>

      {dialog?.kind === 'save' && (
        <NameDialog
          title="Save this view"
          initial=""
          submitLabel="Save view"
          onSubmit={(name) => save.mutateAsync({ name, filters, columns })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.view.name}`}
          initial={dialog.view.name}
          submitLabel="Rename"
          onSubmit={(name) => rename.mutateAsync({ id: dialog.view.id, name })}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete this view?"
        confirmLabel="Delete view"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.view.id, { onSettled: () => setDialog(null) })}
        onClose={() => setDialog(null)}
      >
        <Text size="sm">{dialog?.kind === 'delete' ? `“${dialog.view.name}” will no longer be listed. The events it showed stay in the log.` : null}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
