// Run by the release build (scripts/build-server.mjs) from dist/server: writes the database a new
// data folder starts from (EMPTY_DATABASE_IMAGE in db/client.ts), migrated by this build's migrations
// and holding this build's shipped catalogue, as a gzipped tar beside the built service.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database';
import { EMPTY_DATABASE_IMAGE } from './db/client';
import { serverFile } from './server-file';

const database = await openDatabase({ memory: true });
try {
  const image = await database.image!('gzip');
  writeFileSync(fileURLToPath(serverFile(EMPTY_DATABASE_IMAGE)), Buffer.from(await image.arrayBuffer()));
} finally {
  await database.close();
}
