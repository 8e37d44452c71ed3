import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../database';

/**
 * Every in-memory test database starts as a copy of one migrated database with the shipped
 * catalogue in it: opening an empty PGlite, running every migration and loading 1,136 shipped
 * assets takes about 4 s of a core, a copy under 1 s, and the suite opens about a hundred.
 *
 * The copy is only a head start: openDatabase still runs the migrations and the catalogue sync on
 * it (no-ops when it is current), so a test sees what a fresh database would hold.
 */
const IMAGE_ENV = 'AO_TEST_PGLITE_IMAGE';

/**
 * Vitest's global setup: makes the image once per run, before any test file, and names it in the
 * environment, which the test workers and the services they start inherit.
 */
export default async function makeTestDatabaseImage() {
  const dir = mkdtempSync(join(tmpdir(), 'ao-test-image-'));
  const path = join(dir, 'pglite.tar');
  const database = await openDatabase({ memory: true });
  try {
    const image = await database.image!();
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[IMAGE_ENV] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The image this run made, or none outside Vitest (a benchmark, say), which then starts empty. */
export async function testDatabaseImage(): Promise<Blob | undefined> {
  const path = process.env[IMAGE_ENV];
  return path ? openAsBlob(path) : undefined;
}
