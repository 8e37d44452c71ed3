import { config } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` where it may, and finds out whether it may by
 * trying once, when the first object schema is built. The service's CSP (script-src 'self', no
 * 'unsafe-eval') refuses that, and although zod catches the refusal, the browser still reports a
 * CSP violation on every console page. Interpreted parsers are plenty fast for a form or a page of
 * rows, so the console asks zod not to try. Imported first by main.tsx: the setting must be in
 * place before any schema is built, and the chunks that build them are all loaded after it.
 */
config({ jitless: true });
