import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Vasp } from '../../../contract/travel-rule';
import { serverFile } from '../../server-file';

/**
 * The VASP directory, shipped as data (data/vasps.json, made by scripts/generate-vasp-directory.ts).
 * It is the same for every workspace, so it is read once and kept in memory, sorted by name.
 */
const DirectoryEntry = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
  nationalIdentification: z.object({ identifier: z.string(), type: z.string(), authority: z.string() }),
  geographicAddress: z.object({
    formattedAddress: z.string(),
    country: z.string(),
    streetName: z.string(),
    buildingNumber: z.string(),
    city: z.string(),
    postalCode: z.string(),
  }),
  publicKey: z.string(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntry> & { publicKeyFingerprint: string; searchText: string };

/** SHA-256 of the DER (SPKI) public key, as colon-separated hex pairs: what people compare by eye. */
export function publicKeyFingerprint(pem: string): string {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return (createHash('sha256').update(der).digest('hex').match(/../g) ?? []).join(':').toUpperCase();
}

/** Lower case without accents, so "zurich" finds "Zürich". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

let directory: DirectoryEntry[] | undefined;
let byId: Map<string, DirectoryEntry> | undefined;

export function vaspDirectory(): DirectoryEntry[] {
  if (!directory) {
    const raw = JSON.parse(readFileSync(serverFile('features/compliance/data/vasps.json'), 'utf8')) as unknown;
    directory = z
      .array(DirectoryEntry)
      .parse(raw)
      .map((v) => ({ ...v, publicKeyFingerprint: publicKeyFingerprint(v.publicKey), searchText: fold(`${v.name} ${v.legalName}`) }))
      .sort(compareByName);
    byId = new Map(directory.map((v) => [v.id, v]));
  }
  return directory;
}

export function compareByName(a: { name: string; id: string }, b: { name: string; id: string }): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function findVasp(id: string): DirectoryEntry | undefined {
  vaspDirectory();
  return byId!.get(id);
}

/** A DID finds that VASP; anything else finds the VASPs whose name or legal name has every word. */
export function searchVasps(q: string | undefined): DirectoryEntry[] {
  const all = vaspDirectory();
  if (!q) return all;
  if (q.startsWith('did:')) return all.filter((v) => v.id === q || v.id.startsWith(q));
  const words = fold(q).split(/\s+/).filter(Boolean);
  return all.filter((v) => words.every((w) => v.searchText.includes(w)));
}

export function toVasp(entry: DirectoryEntry, withKey: boolean): Vasp {
  const { id, name, legalName, nationalIdentification, geographicAddress } = entry;
  const vasp: Vasp = { id, name, legalName, nationalIdentification, geographicAddress };
  if (withKey) {
    vasp.publicKey = entry.publicKey;
    vasp.publicKeyFingerprint = entry.publicKeyFingerprint;
  }
  return vasp;
}
