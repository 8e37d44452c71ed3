/**
 * What a text input for a calendar day is given in place of type="date", whose field shows the
 * browser's own order (mm/dd/yyyy in the US) and says nothing of it: the console's one way of
 * writing a day, shown while empty and said beside it (`example` a day that suits the field).
 * The value is the text as typed, YYYY-MM-DD, what the service takes; the form's checks say when it is not.
 */
export const dayInputProps = (example: string) =>
  ({
    placeholder: 'YYYY-MM-DD',
    description: `YYYY-MM-DD, e.g. ${example}`,
    maxLength: 10,
    autoComplete: 'off',
    spellCheck: false,
  }) as const;
