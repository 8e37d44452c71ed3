import { types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * Told of each statement as it goes out (its text, with placeholders for its values), in the
 * caller's async context; the function it answers is called once the answer is back, with the
 * error when the statement failed. The metrics time statements with it, the traces make their spans.
 */
export type StatementHook = (text: string) => (error?: unknown) => void;

/** How many statement texts' descriptions (and prepared statements) are kept by default; the least recently used goes first. */
const KEPT_STATEMENTS = 500;

/** Texts whose plan may be kept and reused (see keepPlanOf). The same for every database: it is a property of the text. */
const reusablePlans = new Set<string>();

/**
 * Lets PGlite keep the plan of `text`, as PostgreSQL keeps the plans of the statements
 * node-postgres prepares by name: what `preparedFor` builds, lookups by key on the way of nearly every
 * request, whose plan does not depend on the values.
 */
export function keepPlanOf(text: string) {
  reusablePlans.add(text);
}

interface Described {
  /** Set when the text is prepared by name and its plan kept (keepPlanOf). */
  name?: string;
  /** The parameters' types, as the database inferred them. */
  paramTypes: number[];
  /** The result's columns, when prepared by name (an unnamed statement's are read from each answer). */
  fields: Field[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface Message {
  name: string;
  dataTypeIDs?: number[];
  fields?: Field[] | (string | null)[];
  text?: string;
}

const fieldsOf = (message: Message | undefined): Field[] => ((message?.fields ?? []) as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));

/**
 * PGlite whose statements are each sent as one call into the engine, for drizzle (`drizzle({ client })`).
 *
 * PGlite's own `query` sends a statement as six calls (parse, describe the statement, bind, describe
 * the portal, execute, sync), each costing tens of microseconds before the statement does anything,
 * and on the one thread that also serves HTTP. Measured here, a read by primary key took 560 to 740
 * µs through `query`, 310 µs as one call of parse, bind, execute and sync, and 240 µs as one call of
 * bind, execute and sync of a statement prepared before.
 *
 * The first time a text is run, it is parsed and described in one call, which gives its parameters'
 * types (so they are serialised as `query` serialises them) and its columns; after that:
 * - a text marked with keepPlanOf is prepared by name, and run as bind, execute and sync. The engine
 *   plans it with the values for its first five runs, then keeps a generic plan when that costs no
 *   more, as PostgreSQL does for statements prepared by name;
 * - any other text is parsed again in the same call, as the unnamed statement, which the engine
 *   plans with the values every time, as before: a generic plan of a search (`like $1`) cannot
 *   see the pattern, and would read a trigram index through for two letters or scan a vocabulary.
 *
 * At most `keep` texts are kept; the least recently used is forgotten (and closed, if prepared) when
 * another is added. Prepared statements belong to the database session, not to a transaction, so a
 * rollback leaves them in place. Everything else (listen, exec, close, dumpDataDir) is PGlite's
 * own, and so are the mutexes: outside a transaction a statement waits for both (as `query` does),
 * inside one for the query mutex only (as the transaction's `query` does). A query that passes a
 * blob or its own parameter types goes through PGlite's `query`.
 */
export function sentInOneCall(client: PGlite, keep = KEPT_STATEMENTS, onStatement?: StatementHook): PGlite {
  const described = new Map<string, Described>();
  let named = 0;

  const describe = async (text: string): Promise<{ statement: Described; close?: Buffer }> => {
    const known = described.get(text);
    if (known) {
      // Most recently used last: the first key is the one to forget.
      described.delete(text);
      described.set(text, known);
      return { statement: known };
    }
    const name = reusablePlans.has(text) ? `ao_${++named}` : undefined;
    const messages = (await client.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )) as unknown as Message[];
    const statement: Described = {
      name,
      paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      fields: name ? fieldsOf(messages.find((m) => m.name === 'rowDescription')) : [],
    };
    described.set(text, statement);
    let close: Buffer | undefined;
    if (described.size > keep) {
      const [oldest, old] = described.entries().next().value!;
      described.delete(oldest);
      if (old.name) close = serialize.close({ type: 'S', name: old.name });
    }
    return { statement, close };
  };

  /** One statement in one call, its rows parsed as PGlite's `query` parses them. */
  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    const answered = onStatement?.(text);
    let failure: unknown;
    try {
      const { statement, close } = await describe(text);
      const { name, paramTypes } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = options?.serializers?.[paramTypes[i]!] ?? client.serializers[paramTypes[i]!];
        return serializer ? serializer(param) : String(param);
      });
      const parts = name
        ? [serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]
        : [serialize.parse({ text }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
      if (close) parts.unshift(close);
      const messages = (await client.execProtocolStream(Buffer.concat(parts), { syncToFs: false })) as unknown as Message[];
      // The unnamed statement's columns are described anew each time, in case its tables changed.
      const fields = name ? statement.fields : fieldsOf(messages.find((m) => m.name === 'rowDescription'));
      return parsed<T>(messages, fields, options);
    } catch (error) {
      // As PGlite's query does, so that a failure says which statement it was.
      Object.assign(error as object, { query: text, params, queryOptions: options });
      failure = error;
      throw error;
    } finally {
      answered?.(failure);
    }
  };

  const parsed = <T>(messages: Message[], fields: Field[], options: QueryOptions | undefined): Results<T> => {
    // Each column's parser, found once per answer, in parseType's order (the caller's, the database's, PGlite's defaults).
    const parse = fields.map(({ dataTypeID }) => {
      const parser = options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID] ?? types.parsers[dataTypeID];
      return (value: string | null): unknown => (value === null || !parser ? value : parser(value, dataTypeID));
    });
    const rows: unknown[] = [];
    let command: string | undefined;
    let affectedRows = 0;
    let rowCount: number | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message.fields as (string | null)[]).map((value, i) => parse[i]!(value));
        rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])));
      } else if (message.name === 'commandComplete') {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5"; other tags end in a word.
        const parts = message.text!.split(' ');
        command = parts[0];
        const count = parseInt(parts[parts.length - 1]!, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows = count;
      }
    }
    return { rows: rows as T[], fields, affectedRows, ...(command === undefined ? {} : { command }), ...(rowCount === undefined ? {} : { rowCount }) };
  };

  /** PGlite's own query for what this does not support. */
  const supported = (options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes;

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!supported(options)) return client.query<T>(text, params, options);
    if (client.closed) throw new Error('PGlite is closed');
    const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options)));
    await client.syncToFs();
    return result;
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      callback({
        ...tx,
        // The spread copies `closed` as it is now: it must be read from PGlite's transaction.
        get closed() {
          return tx.closed;
        },
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
          if (!supported(options) || tx.closed) return tx.query<R>(text, params, options);
          return client._runExclusiveQuery(() => run<R>(text, params, options));
        },
      }),
    );

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use its private fields: they must run on PGlite itself, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
