import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AUDIT_SEARCH_MAX_LENGTH } from '../../../contract/audit';

/**
 * Free text over subject, event, user and detail. Typing changes nothing until Enter (or leaving
 * the box), so the address, the history and the service see one search, not one per keystroke.
 * The page keys it by the search in the address, so back and forward show the text they apply.
 */
export function AuditSearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const apply = () => {
    const q = text.trim();
    if (q !== value) onChange(q);
  };
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextInput
        label="Text"
        description="Found anywhere in the subject, event, user or detail, in any case. Press Enter to search."
        placeholder="A name, an asset, a transaction id…"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={AUDIT_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={apply}
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear the text"
              onClick={() => {
                setText('');
                if (value) onChange('');
              }}
            />
          ) : null
        }
      />
    </form>
  );
}
