import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { DEFINITIONS, operationTable, publicOperations } from '../src/contract/routes/all';
import * as operation from '../src/contract/routes/operation';

/*
 * Writes the operations table (src/contract/operation-table.ts) and the public operations' paths
 * (src/contract/public-operations.ts, all of them POST) from the operations' definitions. The console reads the table
 * on every page to hide what a role may not do, and the paths on the sign-in screen, so neither may
 * carry the definitions' schemas: they are generated rather than imported. A test fails while they
 * are stale. The table names the definitions' role groups, to be as short as it can be: every page
 * of the console carries it, and each entry is the roles alone (`getOrder: 'any'`).
 */
const HEADER = '// Generated from the definitions in src/contract/routes by `npm run generate:operations`: edit those, then run it.';
const GROUPS = Object.entries(operation as Record<string, unknown>).filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]));
const rolesOf = (roles: unknown) =>
  roles === 'any' ? `'any'` : (GROUPS.find(([, group]) => JSON.stringify(group) === JSON.stringify(roles))?.[0] ?? JSON.stringify(roles));

const entries = Object.entries(operationTable(DEFINITIONS)).map(([id, roles]) => `${id}: ${roles === 'public' ? `'public'` : rolesOf(roles)}`);
const used = GROUPS.map(([name]) => name).filter((name) => entries.some((entry) => entry.endsWith(`: ${name}`)));
const table = `${HEADER}
import { type Operation, ${used.join(', ')} } from './routes/operation';

export const OPERATION_TABLE = { ${entries.join(', ')} } satisfies Record<string, Operation['roles']>;
`;
const files = {
  'src/contract/operation-table.ts': table,
  // Each one's path under its id, one export each, so the sign-in screen carries only those it calls.
  'src/contract/public-operations.ts': `${HEADER}\n${Object.entries(publicOperations(DEFINITIONS))
    .map(([id, path]) => `export const ${id} = '${path}';`)
    .join('\n')}\n`,
};
for (const [file, text] of Object.entries(files)) {
  await writeFile(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}
