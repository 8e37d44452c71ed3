import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup is one gzipped tar (POSIX ustar) of a folder: any `tar -xzf` opens it, and restoring
 * needs no tool beyond this module. Only regular files and folders, streamed both ways, so a data
 * folder of gigabytes never sits in memory.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A header block; paths over 100 bytes are split at a slash into the prefix field, as ustar allows. */
function header(path: string, entry: { type: 'file' | 'dir'; size: number; mode: number; mtimeMs: number }): Buffer {
  let name = entry.type === 'dir' ? `${path}/` : path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`backup archive: the path ${path} is too long`);
  }
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100);
  block.write(octal(entry.mode & 0o7777, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(entry.size, 12), 124);
  block.write(octal(Math.floor(entry.mtimeMs / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(entry.type === 'dir' ? '5' : '0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The folders and files under `root`, parents first, as archive paths (always with `/`). */
function walk(root: string, under = ''): string[] {
  return readdirSync(join(root, under), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = under ? posix.join(under, entry.name) : entry.name;
      if (entry.isDirectory()) return [path, ...walk(root, path)];
      if (entry.isFile()) return [path];
      throw new Error(`backup archive: ${path} is neither a file nor a folder`);
    });
}

async function* tarOf(root: string): AsyncGenerator<Buffer> {
  for (const path of walk(root)) {
    const stat = statSync(join(root, path));
    if (stat.isDirectory()) {
      yield header(path, { type: 'dir', size: 0, mode: stat.mode, mtimeMs: stat.mtimeMs });
      continue;
    }
    yield header(path, { type: 'file', size: stat.size, mode: stat.mode, mtimeMs: stat.mtimeMs });
    let written = 0;
    for await (const chunk of createReadStream(join(root, path)) as AsyncIterable<Buffer>) {
      written += chunk.length;
      yield chunk;
    }
    // The header announced the size: a file that changed while it was read would corrupt the archive.
    if (written !== stat.size) throw new Error(`backup archive: ${path} changed while it was archived`);
    if (written % BLOCK) yield Buffer.alloc(BLOCK - (written % BLOCK));
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Writes every folder and file under `root` into a new gzipped tar at `file`. */
export async function writeArchive(root: string, file: string): Promise<void> {
  await pipeline(Readable.from(tarOf(root)), createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}

/** An archive path that stays inside the folder it is extracted into. */
function safePath(path: string): string {
  const normal = posix.normalize(path).replace(/\/$/, '');
  if (!normal || normal === '.' || posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) {
    throw new Error(`backup archive: the entry ${JSON.stringify(path)} would land outside the folder`);
  }
  return normal;
}

/** Extracts a gzipped tar written by writeArchive into `root` (which must exist), keeping each entry's mode. */
export async function extractArchive(file: string, root: string): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  /** The file being written and the bytes of it still to come, then its padding. */
  let current: { handle: Awaited<ReturnType<typeof open>>; left: number; padding: number } | undefined;
  let skip = 0;
  let ended = false;
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (current) {
          const take = Math.min(current.left, pending.length);
          if (take > 0) await current.handle.write(pending.subarray(0, take));
          pending = pending.subarray(take);
          current.left -= take;
          if (current.left > 0) break;
          await current.handle.close();
          skip = current.padding;
          current = undefined;
        }
        if (skip > 0) {
          const take = Math.min(skip, pending.length);
          pending = pending.subarray(take);
          skip -= take;
          if (skip > 0) break;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const field = (at: number, length: number) =>
          block
            .subarray(at, at + length)
            .toString('utf8')
            .replace(/\0.*$/s, '');
        const stored = parseInt(field(148, 8).trim(), 8);
        let sum = 0;
        for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
        if (sum !== stored) throw new Error('backup archive: a header is damaged (checksum mismatch)');
        const prefix = field(345, 155);
        const path = safePath(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
        const mode = parseInt(field(100, 8), 8);
        const size = parseInt(field(124, 12), 8);
        const type = field(156, 1);
        if (type === '5') {
          await mkdir(join(root, path), { recursive: true });
          await chmod(join(root, path), mode);
        } else if (type === '0' || type === '') {
          await mkdir(join(root, posix.dirname(path)), { recursive: true });
          const handle = await open(join(root, path), 'wx', mode);
          current = { handle, left: size, padding: size % BLOCK ? BLOCK - (size % BLOCK) : 0 };
        } else {
          throw new Error(`backup archive: the entry ${path} is of a kind a backup never holds (${type})`);
        }
      }
    }
  });
  if (!ended || current) throw new Error('backup archive: the file ends early (an incomplete copy?)');
}
