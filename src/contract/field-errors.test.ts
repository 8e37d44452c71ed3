import { describe, expect, it } from 'vitest';
import { type FieldError, formatFieldErrors, parseFieldErrors } from './field-errors';

describe('field errors', () => {
  it('writes the message the service has always sent', () => {
    expect(formatFieldErrors([{ target: 'json', path: ['name'], message: 'name must be at most 30 characters' }])).toBe(
      "Invalid request: body 'name': name must be at most 30 characters",
    );
    expect(
      formatFieldErrors([
        { target: 'query', path: ['limit'], message: 'limit must be a number' },
        { target: 'json', path: [], message: 'Invalid input: expected object' },
        { target: 'json', path: ['via'], notAllowed: ['extra'] },
        { target: 'json', path: [], notAllowed: ['a', 'b'] },
      ]),
    ).toBe(
      "Invalid request: query parameter 'limit': limit must be a number; body: Invalid input: expected object; body field 'via.extra' is not allowed; body fields 'a', 'b' are not allowed",
    );
  });

  it('reads back what it wrote: paths with dots and indices, messages with colons, semicolons and quotes', () => {
    const errors: FieldError[] = [
      {
        target: 'json',
        path: ['participantsIdentification', 'originator', 'postalAddress', 'streetName'],
        message: 'streetName is required: the provider needs it',
      },
      { target: 'json', path: ['scope', 0, 'providerId'], message: "providerId must be one of 'ATLAS'; 'HARBOR' or 'MERIDIAN'" },
      { target: 'param', path: ['orderId'], message: 'orderId: too long; at most 100: characters' },
      { target: 'json', path: ['settlement'], notAllowed: ['foo', 'bar'] },
      { target: 'json', path: [], message: 'Invalid input; expected object: got array' },
    ];
    expect(parseFieldErrors(formatFieldErrors(errors))).toEqual([
      { target: 'json', path: 'participantsIdentification.originator.postalAddress.streetName', message: 'streetName is required: the provider needs it' },
      { target: 'json', path: 'scope.0.providerId', message: "providerId must be one of 'ATLAS'; 'HARBOR' or 'MERIDIAN'" },
      { target: 'param', path: 'orderId', message: 'orderId: too long; at most 100: characters' },
      { target: 'json', path: 'settlement.foo', message: "body fields 'settlement.foo', 'settlement.bar' are not allowed" },
      { target: 'json', path: 'settlement.bar', message: "body fields 'settlement.foo', 'settlement.bar' are not allowed" },
      { target: 'json', path: '', message: 'Invalid input; expected object: got array' },
    ]);
  });

  it('spells out five problems, counts the rest, and reads the five back', () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ target: 'json' as const, path: ['items', i], message: `item ${i} must be a decimal string` }));
    const message = formatFieldErrors(errors);
    expect(message.endsWith("body 'items.4': item 4 must be a decimal string (and 2 more problems)")).toBe(true);
    expect(parseFieldErrors(message)).toEqual(errors.slice(0, 5).map((e) => ({ target: 'json', path: `items.${e.path[1]}`, message: e.message })));
  });

  it('is undefined for a message in no such format', () => {
    expect(parseFieldErrors('settlement.sourceAccount.accountId 7 is not a vault account of this workspace')).toBeUndefined();
    expect(parseFieldErrors("Invalid request: query parameter 'q' contains NUL, which cannot be stored")).toBeUndefined();
  });
});
