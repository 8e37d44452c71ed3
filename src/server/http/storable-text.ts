import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors';
import { refuseDeepJson } from './json-nesting';
import type { AppEnv } from './types';

/**
 * PostgreSQL's text, jsonb and UTF-8 encoding have no room for U+0000, nor for half of a UTF-16
 * surrogate pair (which JSON can spell as "\ud800"). Such a value would fail deep inside a query as
 * a 500, or be silently altered, so every request is checked once, here, before any handler sees
 * it: the decoded path segments, the query parameters and every name and string of a JSON body.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'a lone UTF-16 surrogate';
  return undefined;
}

const refuse = (where: string, what: string) => badRequest(`Invalid request: ${where} contains ${what}, which cannot be stored`);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first place in a parsed JSON value holding text that cannot be stored, as `[where, what]`. */
function findInJson(value: unknown, path: string[]): [string, string] | undefined {
  if (typeof value === 'string') {
    const what = unstorable(value);
    return what ? [path.length ? `body field '${path.join('.')}'` : 'body', what] : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInJson(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const what = unstorable(key);
      if (what) return [path.length ? `a body field name in '${path.join('.')}'` : 'a body field name', what];
      const found = findInJson(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function storableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const segments = url.pathname.split('/');
    for (const [index, segment] of segments.entries()) {
      const what = unstorable(decodeSegment(segment));
      if (what) throw refuse(`path segment ${index} (after '${segments.slice(0, index).join('/')}')`, what);
    }
    for (const [name, values] of Object.entries(c.req.queries())) {
      const inName = unstorable(name);
      if (inName) throw refuse('a query parameter name', inName);
      const what = values.map(unstorable).find(Boolean);
      if (what) throw refuse(`query parameter '${name}'`, what);
    }
    if (/^application\/([a-z0-9.+-]+\+)?json\b/i.test(c.req.header('Content-Type') ?? '')) {
      // The text is cached by Hono, so the signature check and the validator read the same bytes.
      const text = await c.req.text();
      // Before the walk below, which recurses once per level.
      refuseDeepJson(text);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        // Malformed JSON is the validator's to refuse, with its own message.
        body = undefined;
      }
      const found = findInJson(body, []);
      if (found) throw refuse(...found);
    }
    await next();
  };
}
