import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { findUserByEmail } from '../features/auth/store';
import { verifyPassword } from '../features/auth/password';
import { openTestDatabase } from '../test/harness';
import { setPasswordHash } from '../features/auth/accounts';
import { DEMO_PASSWORD_FILE, demoPassword, seedDemo } from './seed';

describe('the demo password', () => {
  let database: Database;
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ao-demo-seed-'));
    folders.push(dir);
    return dir;
  };
  const signsInWith = async (password: string) => verifyPassword(password, (await findUserByEmail(database.db, 'viewer@demo.test'))!.user.passwordHash);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('is kept in the data folder, readable by its owner only, and the same at every later start', async () => {
    const dataDir = folder();
    const first = await seedDemo(database.db, { keyDir: dataDir, auditEvents: 0 });
    expect(first).toMatchObject({ created: true, passwordSource: 'new' });
    const file = join(dataDir, DEMO_PASSWORD_FILE);
    const [password, hash] = readFileSync(file, 'utf8').trim().split('\n');
    expect(password).toBe(first.password);
    expect(hash).toBe((await findUserByEmail(database.db, 'viewer@demo.test'))!.user.passwordHash);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = await seedDemo(database.db, { keyDir: dataDir, auditEvents: 0 });
    expect(again).toMatchObject({ created: false, passwordSource: 'kept', password: first.password });
    expect(await signsInWith(first.password)).toBe(true);
  });

  it('a restart whose demo people still have the recorded hash hashes nothing; one whose people lost it sets it again', async () => {
    const dataDir = folder();
    const first = await seedDemo(database.db, { keyDir: dataDir, auditEvents: 0 });
    const viewer = async () => (await findUserByEmail(database.db, 'viewer@demo.test'))!.user;
    const recorded = (await viewer()).passwordHash;

    const unchanged = demoPassword(dataDir, undefined);
    expect(unchanged).toMatchObject({ passwordSource: 'kept', password: first.password, keptHash: recorded });
    let hashed = 0;
    const counting = { ...unchanged, passwordHash: () => (hashed++, unchanged.passwordHash()) };
    await seedDemo(database.db, { keyDir: dataDir, password: counting, auditEvents: 0 });
    expect(hashed).toBe(0);
    expect((await viewer()).passwordHash).toBe(recorded);

    // Someone changed a demo person's password: the kept one is hashed and set again, and recorded.
    await setPasswordHash(database.db, [(await viewer()).id], 'scrypt$1$1$1$c2FsdA==$a2V5');
    const again = await seedDemo(database.db, { keyDir: dataDir, auditEvents: 0 });
    expect(again).toMatchObject({ passwordSource: 'kept', password: first.password });
    expect(await signsInWith(first.password)).toBe(true);
    expect(readFileSync(join(dataDir, DEMO_PASSWORD_FILE), 'utf8').trim().split('\n')[1]).toBe((await viewer()).passwordHash);
  });

  it('DEMO_PASSWORD wins and is not written to the folder; a folder without a kept password gets a new one', async () => {
    const dataDir = folder();
    const given = await seedDemo(database.db, { keyDir: dataDir, password: 'chosen-Demo-password-1', auditEvents: 0 });
    expect(given).toMatchObject({ created: false, passwordSource: 'given', password: 'chosen-Demo-password-1' });
    expect(() => readFileSync(join(dataDir, DEMO_PASSWORD_FILE))).toThrow(/ENOENT/);
    expect(await signsInWith('chosen-Demo-password-1')).toBe(true);

    const fresh = await seedDemo(database.db, { keyDir: dataDir, auditEvents: 0 });
    expect(fresh.passwordSource).toBe('new');
    expect(fresh.password).not.toBe('chosen-Demo-password-1');
    expect(await signsInWith(fresh.password)).toBe(true);
    expect(await signsInWith('chosen-Demo-password-1')).toBe(false);
  });
});
