import { badRequest } from './errors';

/**
 * How deep a request's JSON may nest arrays and objects. No operation's body needs more than a
 * dozen levels (an IVMS101 person is among the deepest), and everything that walks request data
 * afterwards (the text check, zod, the canonical JSON of a passkey binding and of an audit event's
 * detail) recurses once per level: this bound is what keeps their stacks small. Without it a 20 KB
 * body of brackets overflowed the stack of the first walk and answered 500.
 */
export const MAX_JSON_NESTING = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Refuses JSON text nesting deeper than MAX_JSON_NESTING, read from the text in one loop before it
 * is parsed (a check that recursed would overflow on the very input it exists to refuse). Brackets
 * inside strings do not count; text that is not JSON at all is the parser's to refuse.
 */
export function refuseDeepJson(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPENERS.has(char)) {
      if (++depth > MAX_JSON_NESTING) {
        throw badRequest(`Invalid request: the JSON body nests arrays and objects deeper than the nesting limit of ${MAX_JSON_NESTING} levels`);
      }
    } else if (CLOSERS.has(char)) depth--;
  }
}
