import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { reportFormError } from './report-form-error';

const FIELDS = ['csrPem', 'name', 'role'] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

function report(error: unknown) {
  const show = vi.spyOn(notifications, 'show').mockReturnValue('');
  const setFieldError = vi.fn();
  reportFormError('Not created', error, FIELDS, setFieldError);
  return { show, setFieldError };
}

describe('reportFormError', () => {
  it('puts a 400 on the field its message names first', () => {
    const { show, setFieldError } = report(new ApiError(400, 400, 'role OWNER cannot be given to an API user; the owner is a person', 'r1'));
    expect(setFieldError).toHaveBeenCalledWith('role', 'role OWNER cannot be given to an API user; the owner is a person');
    expect(show).not.toHaveBeenCalled();
  });

  it('drops the validation prefix the field already implies', () => {
    const { setFieldError } = report(new ApiError(400, 400, "Invalid request: body 'name': name must be at most 30 characters", 'r2'));
    expect(setFieldError).toHaveBeenCalledWith('name', 'name must be at most 30 characters');
  });

  it("reads a validation failure in the contract's format: the first problem on a form field, with its own message", () => {
    const message = "Invalid request: body: Invalid input; body 'role': role must be one of: ADMIN; SIGNER; body 'name': name is required";
    const { setFieldError } = report(new ApiError(400, 400, message, 'r5'));
    expect(setFieldError).toHaveBeenCalledTimes(1);
    expect(setFieldError).toHaveBeenCalledWith('role', 'role must be one of: ADMIN; SIGNER');
  });

  it('finds the field of a form that edits one part of the body, but not a name that is only part of a segment', () => {
    const { setFieldError } = report(new ApiError(400, 400, "Invalid request: body 'metadata.user.name': name must be at most 30 characters", 'r6'));
    expect(setFieldError).toHaveBeenCalledWith('name', 'name must be at most 30 characters');
    const other = report(new ApiError(400, 400, "Invalid request: body 'metadata.username': username is taken", 'r7'));
    expect(other.setFieldError).not.toHaveBeenCalled();
  });

  it('notifies, with the request id, what belongs to no field', () => {
    const { show, setFieldError } = report(new ApiError(409, 409, 'A threshold change is already waiting for approval', 'r3'));
    expect(setFieldError).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Not created', message: 'A threshold change is already waiting for approval (request id r3)' }),
    );
  });

  it('leaves a 401 to the session', () => {
    const { show, setFieldError } = report(new ApiError(401, 401, 'Token expired', 'r4'));
    expect(show).not.toHaveBeenCalled();
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
