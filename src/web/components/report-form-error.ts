import { isApiError } from '../lib/api-client';
import { notifyError } from './notify-error';

// The service words validation failures as "Invalid request: body 'name': name must be …"; on the
// field itself the prefix only repeats what the field already says.
const VALIDATION_PREFIX = /^Invalid request: body '[^']+': /;

/**
 * Puts a failed form submission where the user will look: a 400 whose message names one of the
 * form's fields goes on that field (the service names the field at fault, ARCHITECTURE habit 3);
 * anything else becomes a notification with the request id. A 401 is the session's business.
 */
export function reportFormError<Field extends string>(
  title: string,
  error: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
): void {
  if (isApiError(error) && error.status === 401) return;
  if (isApiError(error) && error.status === 400) {
    const named = fields
      .map((field) => ({ field, at: error.message.search(new RegExp(`\\b${field}\\b`)) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (named) {
      setFieldError(named.field, error.message.replace(VALIDATION_PREFIX, ''));
      return;
    }
  }
  notifyError(title, error);
}
