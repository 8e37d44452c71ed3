import { parseFieldErrors } from '../../contract/field-errors';
import { isApiError } from '../lib/api-client';
import { notifyError } from './notify-error';

/** Whether the segments of `field` appear, in order and together, among those of `path`. */
const within = (path: string, field: string) => `.${path}.`.includes(`.${field}.`);

/**
 * The form field a body path belongs to: the field itself, the deepest field it lies within, or a
 * field of a form that edits one part of the body (the note editor's `text` is the body's
 * `metadata.note.text`).
 */
const fieldAt = <Field extends string>(fields: readonly Field[], path: string) =>
  fields.filter((field) => within(path, field)).sort((a, b) => b.length - a.length)[0];

/**
 * Puts a failed form submission where the user will look: a 400 whose message names one of the
 * form's fields goes on that field (the service names the field at fault: docs/architecture.md,
 * "One error envelope"); anything else becomes a notification with the request id. A 401 is the session's business.
 */
export function reportFormError<Field extends string>(
  title: string,
  error: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
): void {
  if (isApiError(error) && error.status === 401) return;
  if (isApiError(error) && error.status === 400) {
    // A validation failure names its fields in the contract's format: each goes on its field
    // with its own message (the place and path would only repeat what the field already says).
    const named = parseFieldErrors(error.message)
      ?.filter((problem) => problem.target === 'json')
      .map((problem) => ({ field: fieldAt(fields, problem.path), message: problem.message }))
      .find((problem) => problem.field !== undefined);
    if (named) {
      setFieldError(named.field!, named.message);
      return;
    }
    // Any other 400 is a sentence of the service's that names the field at fault.
    const mentioned = fields
      .map((field) => ({ field, at: error.message.search(new RegExp(`\\b${field}\\b`)) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (mentioned) {
      setFieldError(mentioned.field, error.message);
      return;
    }
  }
  notifyError(title, error);
}
