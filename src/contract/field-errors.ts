/**
 * How a 400 names the fields at fault, written by the service and read by the console: both sides
 * use this module, so the `message` of the `{ message, code }` body has one format. It reads
 *
 *   Invalid request: body 'settlement.sourceAccount.accountId': accountId is required; query parameter 'limit': limit must be a number
 *
 * one part per problem (at most five, then " (and N more problems)"), each naming where the field
 * is and its path (keys joined by dots, array indices as numbers), or, for fields the request may
 * not have, `body field 'a.b' is not allowed` / `body fields 'a', 'b' are not allowed`.
 */

/** Where a field is, as the service's validation targets name it. */
export const FIELD_PLACES = { json: 'body', query: 'query parameter', param: 'path parameter', header: 'header', cookie: 'cookie' } as const;
export type FieldTarget = keyof typeof FIELD_PLACES;

/** One problem: `message` for a field's value (path [] = the whole target), or fields it may not have. */
export type FieldError =
  | { target: FieldTarget; path: readonly (string | number)[]; message: string }
  | { target: FieldTarget; path: readonly (string | number)[]; notAllowed: readonly string[] };

const PREFIX = 'Invalid request: ';
const SEPARATOR = '; ';
/** How many problems a message spells out; the rest are counted. */
export const MAX_FIELD_ERRORS = 5;

const placeOf = (target: string) => FIELD_PLACES[target as FieldTarget] ?? target;

function part(error: FieldError): string {
  const where = placeOf(error.target);
  if ('notAllowed' in error) {
    const keys = error.notAllowed.map((key) => [...error.path, key].join('.'));
    const many = keys.length > 1;
    return `${where} field${many ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')} ${many ? 'are' : 'is'} not allowed`;
  }
  const path = error.path.join('.');
  return path ? `${where} '${path}': ${error.message}` : `${where}: ${error.message}`;
}

/** The message of a 400 for these problems (the first five spelled out). */
export function formatFieldErrors(errors: readonly FieldError[]): string {
  const more = errors.length > MAX_FIELD_ERRORS ? ` (and ${errors.length - MAX_FIELD_ERRORS} more problems)` : '';
  return `${PREFIX}${errors.slice(0, MAX_FIELD_ERRORS).map(part).join(SEPARATOR)}${more}`;
}

/** A problem as the console reads it back: the field's dotted path ('' for the whole target) and what is wrong. */
export interface NamedFieldError {
  target: FieldTarget;
  path: string;
  message: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACES = Object.values(FIELD_PLACES).map(escape).join('|');
/** Where each part starts: its place, then its quoted path and ': ', a bare ': ', or a not-allowed list. */
const PART_START = new RegExp(
  `(?:^|${escape(SEPARATOR)})(${PLACES})(?: '((?:(?!': ).)*)': |: | (fields? (?:'[^']*'(?:, )?)+ (?:is|are) not allowed)(?=${escape(SEPARATOR)}|$))`,
  'g',
);
const MORE = / \(and \d+ more problems\)$/;

/**
 * The problems a 400's message names, in order, or undefined when the message is not in this
 * format (a handler's own sentence, say). Not-allowed fields come back one per field, with the
 * part's whole sentence as their message. Paths stay dotted strings: a path's key may itself
 * contain a dot, so they are not split again.
 */
export function parseFieldErrors(message: string): NamedFieldError[] | undefined {
  if (!message.startsWith(PREFIX)) return undefined;
  const body = message.slice(PREFIX.length).replace(MORE, '');
  const starts = [...body.matchAll(PART_START)];
  if (starts.length === 0 || starts[0]!.index !== 0) return undefined;
  const target = (place: string) => (Object.keys(FIELD_PLACES) as FieldTarget[]).find((key) => FIELD_PLACES[key] === place)!;
  return starts.flatMap((start, i) => {
    const [whole, place, path, notAllowed] = start;
    if (notAllowed !== undefined) {
      const sentence = `${place} ${notAllowed}`;
      return [...notAllowed.matchAll(/'([^']*)'/g)].map((key) => ({ target: target(place!), path: key[1]!, message: sentence }));
    }
    const end = i + 1 < starts.length ? starts[i + 1]!.index : body.length;
    return [{ target: target(place!), path: path ?? '', message: body.slice(start.index + whole.length, end) }];
  });
}
