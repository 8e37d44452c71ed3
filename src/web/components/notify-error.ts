import { notifications } from '@mantine/notifications';
import { describeError } from '../lib/api-client';

/** Reports a failure that has no place on the page, such as a failed action or a background refetch. */
export function notifyError(title: string, error: unknown, { quiet = false }: { quiet?: boolean } = {}) {
  const { message, requestId } = describeError(error);
  notifications.show({
    title,
    message: requestId ? `${message} (request id ${requestId})` : message,
    color: quiet ? 'gray' : 'red',
    // Failed actions stay until dismissed so the request id can be copied; background noise does not.
    autoClose: quiet ? 5_000 : false,
  });
}
