import type { Logger } from './logger';

/**
 * What went wrong, for the log and for telling one cause from another: the database's own error
 * under the query wrapper. Only its description is kept, never the query's parameters (they carry
 * the rows' contents).
 */
export function describeFailure(err: unknown): { key: string; error: Record<string, unknown> } {
  let root: unknown = err;
  let query: string | undefined;
  for (let depth = 0; root instanceof Error && root.cause instanceof Error && depth < 5; depth += 1) {
    if ('query' in root && typeof root.query === 'string') query ??= root.query;
    root = root.cause;
  }
  if (!(root instanceof Error)) return { key: String(root), error: { message: String(root) } };
  const fields = root as Error & Record<string, unknown>;
  const error: Record<string, unknown> = { type: root.name, message: root.message };
  for (const name of ['code', 'table', 'constraint', 'where'] as const) if (typeof fields[name] === 'string') error[name] = fields[name];
  if (query) error.query = query.trim().replace(/\s+/g, ' ').slice(0, 500);
  return { key: `${error.code ?? root.name}: ${root.message}`, error };
}

/**
 * A worker's failures, logged once per cause while the cause lasts: a cause is logged when a first
 * subject (a step, a row) fails with it, not again while any subject still fails with it, and its
 * end is logged once the last of them succeeds. A worker that retries every half second would
 * otherwise write the same error twice a second until someone fixed it.
 */
export class FailureLog {
  private readonly causes = new Map<string, Set<string>>();
  private readonly subjects = new Map<string, string>();

  constructor(
    private readonly logger: Logger,
    private readonly message: string,
  ) {}

  failed(subject: string, err: unknown, context: Record<string, unknown> = {}) {
    const { key, error } = describeFailure(err);
    const previous = this.subjects.get(subject);
    if (previous === key) return;
    if (previous !== undefined) this.forget(subject, previous);
    this.subjects.set(subject, key);
    const failing = this.causes.get(key);
    if (failing) {
      failing.add(subject);
      return;
    }
    this.causes.set(key, new Set([subject]));
    this.logger.error({ err: error, ...context }, this.message);
  }

  succeeded(subject: string) {
    const key = this.subjects.get(subject);
    if (key === undefined) return;
    this.subjects.delete(subject);
    this.forget(subject, key);
  }

  private forget(subject: string, key: string) {
    const failing = this.causes.get(key);
    failing?.delete(subject);
    if (failing?.size !== 0) return;
    this.causes.delete(key);
    this.logger.info({ cause: key }, `${this.message}: the cause has passed`);
  }
}
