/**
 * `--cache <ttl>`: successful GET bodies kept on disk, one small file per request. A POST (JSON-RPC,
 * rpc.ts) is never kept nor served from here: its answer depends on its body and, at `latest`, on
 * the moment it is asked.
 *
 * A file is named by the SHA-256 (base/sha256.ts) of the request (method, full URL with its query, and the SHA-256
 * of each header value sent, so an answer given to one key is never served to another) and holds
 * a one-line JSON envelope, then the body exactly as received:
 *
 *     {"v":2,"key":"<the file's name>","stored":<ms>,"bytes":<n>,"fnv1a":"<of the body>"}\n<body>
 *
 * Nothing else: no header, no key, no URL (a URL may carry a key-like parameter). Files are written
 * to a temporary name and renamed, so a reader sees a whole entry or none; an entry whose envelope,
 * length or checksum is wrong (cut short, edited, another version) is ignored and the request goes
 * out. A cache that cannot be read or written costs nothing but the saving: the request goes out,
 * and --verbose says why once.
 *
 * The directory is no more trusted than the network: an entry is opened without following a symlink
 * and without blocking (a FIFO put there never hangs a read), used only when it is a regular file no
 * larger than --max-body allows, and read no further than that. The entries together stay within
 * `maxBytes` (--cache-size): before an entry is written, the oldest are removed to make room.
 *
 * In the HTTP layer (exchange.ts) the cache is the outermost layer, `ResponseCache.layer`: a hit
 * ends the request there (no rate slot taken, nothing retried); a miss goes down through the retries
 * to the transport, and the body is kept only once the caller accepted it.
 */
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ResponseShapeError, ScoutError } from '../base/errors.js';
import { sha256Hex } from '../base/sha256.js';
import { utf8Text } from '../base/text/bom.js';
import { safeText } from '../base/text/safe.js';
import { formatSize } from '../base/validate.js';
import type { Layer } from './exchange.js';

/** The directory under the cache root that holds the entries (`scout cache clear` removes it). */
export const ENTRIES = 'http';
/** 2: the body's checksum is FNV-1a (1 had its SHA-256). */
const VERSION = 2;
/** An entry's envelope is one short line; anything longer is not ours. */
const MAX_ENVELOPE = 512;
/** The default cap on the entries' total size (--cache-size). */
export const DEFAULT_CACHE_SIZE = 256 * 1024 * 1024;
/** How far below the cap a clean-up brings the entries, so that it runs once per quarter of the cap written. */
const PRUNE_TO = 0.75;
/** An entry is opened read-only, never through a symlink, never waiting on a FIFO or a device. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export interface ResponseCacheOptions {
  /** The cache root: `$XDG_CACHE_HOME/scout` or `~/.cache/scout`. */
  dir: string;
  /** How old an entry may be; Infinity for `forever`. */
  ttlMs: number;
  /** The largest body an entry may hold (--max-body): a larger one is not served. */
  maxBodyBytes: number;
  /** The entries' total size on disk at most (--cache-size); DEFAULT_CACHE_SIZE when absent. */
  maxBytes?: number | undefined;
  now: () => number;
  log?: ((line: string) => void) | undefined;
}

/**
 * The checksum of a body: FNV-1a, 32 bits, as 8 hex digits. It tells an entry changed or damaged
 * on disk from a whole one; it is no defence against one forged there, which nothing could be
 * (whoever can write the directory can write any entry, checksum and all), so a cryptographic
 * hash bought nothing: SHA-256 in JavaScript took 4-5M instructions for a 2 KB transaction, about
 * 3% of a hit, where this takes a tenth of that, and node:crypto costs 5-8 ms to load.
 */
export function checksum(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * node:fs/promises, for writing and clearing (never needed by a hit). Taken with getBuiltinModule,
 * not import(): the program runs as a script (code-cache.ts), where import() has no loader.
 */
const fsp = (): typeof import('node:fs/promises') => process.getBuiltinModule('node:fs/promises');

export class ResponseCache {
  private readonly dir: string;
  private readonly maxBytes: number;
  private told = false;
  /** The entries' total size as this process last counted it, plus what it wrote since. */
  private used: number | undefined;
  /** Bytes of writes under way, room for which is already made. */
  private pending = 0;
  /** Makes room for one write at a time, so that concurrent writes never count the same room twice. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly opts: ResponseCacheOptions) {
    this.dir = join(opts.dir, ENTRIES);
    this.maxBytes = opts.maxBytes ?? DEFAULT_CACHE_SIZE;
  }

  /**
   * The cache as a layer around the ones below it (the retries and the transport), for requests that
   * ask for it (RequestContext.cache). A kept body is handed to the request as the network's would
   * be: whole as text, or to a streamed consumer as one chunk; one the caller cannot use is fetched
   * again. A fetched body is kept when the caller accepted it, a streamed one only when read to its
   * end. `log` is the --verbose trail (redacted).
   */
  layer(log: (line: string) => void): Layer {
    return (next) => async (req, accept) => {
      if (!req.ctx.cache || req.method !== 'GET') return next(req, accept);
      const { consume, shown } = req;
      const key = this.keyOf(req.url, req.headers);
      const cached = await this.read(key);
      if (cached !== undefined) {
        try {
          const value = consume
            ? accept({ status: 200, headers: {}, body: '', bytes: cached.length, value: await consume(oneChunk(cached), {}) })
            : accept({ status: 200, headers: {}, body: utf8Text(cached), bytes: cached.length });
          log(`GET ${shown} -> cached`);
          return value;
        } catch (e) {
          if (consume && !(e instanceof ResponseShapeError)) throw e;
          log(`GET ${shown}: cached body unusable; fetching it`);
        }
      }
      // Each attempt's streamed body is kept as it passes; the last attempt's is the one accepted.
      let kept: { chunks: Buffer[]; whole: boolean } | undefined;
      let body: string | undefined;
      const keep: typeof consume = consume
        ? (chunks, headers) => {
            const tee = { chunks: [] as Buffer[], whole: false };
            kept = tee;
            return consume(keeping(chunks, tee), headers);
          }
        : undefined;
      const value = await next({ ...req, consume: keep }, (res) => {
        const v = accept(res);
        body = res.body;
        return v;
      });
      if (!consume) await this.write(key, body!);
      else if (kept?.whole) await this.write(key, Buffer.concat(kept.chunks));
      return value;
    };
  }

  /** The entry's name for a GET of `url` with `headers`; key material only ever enters hashed. */
  keyOf(url: URL, headers: Readonly<Record<string, string>>): string {
    const sent = Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), sha256Hex(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return sha256Hex(JSON.stringify([VERSION, 'GET', url.href, sent]));
  }

  private path(key: string): string {
    return join(this.dir, key);
  }

  private tell(what: string, e: unknown): void {
    if (this.told) return;
    this.told = true;
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    this.opts.log?.(safeText(`cache: cannot ${what} ${this.dir} (${code}); going without it`));
  }

  /** The body kept for `key` (its bytes as they came) when it is whole and young enough, else undefined. */
  async read(key: string): Promise<Buffer | undefined> {
    const data = this.load(key);
    if (!data) return undefined;
    const nl = data.indexOf(0x0a);
    if (nl < 0 || nl > MAX_ENVELOPE) return this.drop(key);
    let env: unknown;
    try {
      env = JSON.parse(data.toString('utf8', 0, nl));
    } catch {
      return this.drop(key);
    }
    const e = env as { v?: unknown; key?: unknown; stored?: unknown; bytes?: unknown; fnv1a?: unknown };
    const body = data.subarray(nl + 1);
    if (
      !env ||
      typeof env !== 'object' ||
      e.v !== VERSION ||
      e.key !== key ||
      typeof e.stored !== 'number' ||
      e.bytes !== body.length ||
      e.fnv1a !== checksum(body)
    ) {
      return this.drop(key);
    }
    if (body.length > this.opts.maxBodyBytes) return this.drop(key, 'an entry larger than --max-body');
    const age = this.opts.now() - e.stored;
    if (!(age >= 0 && age < this.opts.ttlMs)) return undefined;
    return body;
  }

  /**
   * The entry file's bytes, when it is a regular file that can hold a body within --max-body; else
   * undefined (anything else at its name is removed). Reads at most that many bytes.
   */
  private load(key: string): Buffer | undefined {
    let fd: number;
    try {
      fd = openSync(this.path(key), OPEN_FLAGS);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A symlink at the entry's name (O_NOFOLLOW) is no entry of ours.
      if (code === 'ELOOP') return this.drop(key, 'an entry that is not a regular file');
      if (code !== 'ENOENT') this.tell('read', e);
      return undefined;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return this.drop(key, 'an entry that is not a regular file');
      if (st.size > this.opts.maxBodyBytes + MAX_ENVELOPE + 1) return this.drop(key, 'an entry larger than --max-body');
      const data = Buffer.alloc(st.size);
      let got = 0;
      while (got < data.length) {
        const read = readSync(fd, data, got, data.length - got, got);
        if (read === 0) break;
        got += read;
      }
      // Cut short while read: its length and checksum say it is broken.
      return data.subarray(0, got);
    } catch (e) {
      this.tell('read', e);
      return undefined;
    } finally {
      try {
        closeSync(fd);
      } catch {
        // Closed or gone: nothing to do.
      }
    }
  }

  /** A broken entry (or anything else at its name) is removed (best effort) and counts as absent. */
  private drop(key: string, what = 'a broken entry'): undefined {
    this.opts.log?.(`cache: ignoring ${what}`);
    try {
      unlinkSync(this.path(key));
    } catch {
      // Gone already, or not ours to remove: it is not used either way.
    }
    return undefined;
  }

  /** Keeps `body` for `key`: written whole to a temporary file, then renamed over the entry. */
  async write(key: string, body: string | Buffer): Promise<void> {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const envelope = JSON.stringify({ v: VERSION, key, stored: this.opts.now(), bytes: bytes.length, fnv1a: checksum(bytes) });
    const size = Buffer.byteLength(envelope) + 1 + bytes.length;
    if (size > this.maxBytes) {
      this.opts.log?.('cache: not keeping an answer larger than the whole cache (--cache-size)');
      return;
    }
    // Unique among this process's writes (the pid tells processes apart); not a secret.
    const tmp = this.path(`.${key}.${process.pid}.${Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, '0')}.tmp`);
    const { mkdir, rename, unlink, writeFile } = fsp();
    let reserved = false;
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const turn = this.queue.then(() => this.makeRoom(size));
      this.queue = turn.catch(() => undefined);
      await turn;
      reserved = true;
      await writeFile(tmp, Buffer.concat([Buffer.from(envelope + '\n'), bytes]), { mode: 0o600 });
      await rename(tmp, this.path(key));
      this.used! += size;
    } catch (e) {
      this.tell('write', e);
      await unlink(tmp).catch(() => undefined);
    } finally {
      if (reserved) this.pending -= size;
    }
  }

  /**
   * Makes room for `size` more bytes within the cap, and holds it for the write (`pending`). The
   * entries are counted when this process first writes, and again whenever what it wrote since
   * would pass the cap; past it, the oldest files go until the rest, the writes under way and `size`
   * fit in PRUNE_TO of the cap. Only names, sizes and times are held, while counting.
   */
  private async makeRoom(size: number): Promise<void> {
    if (this.used !== undefined && this.used + this.pending + size <= this.maxBytes) {
      this.pending += size;
      return;
    }
    const { lstat, readdir, unlink } = fsp();
    const files: { name: string; size: number; mtime: number }[] = [];
    let total = 0;
    for (const name of await readdir(this.dir)) {
      const st = await lstat(join(this.dir, name)).catch(() => undefined);
      if (!st?.isFile()) continue;
      files.push({ name, size: st.size, mtime: st.mtimeMs });
      total += st.size;
    }
    // A write under way may be on disk in part already: counted whole besides, to be safe.
    const coming = this.pending + size;
    if (total + coming > this.maxBytes) {
      const target = Math.max(Math.floor(this.maxBytes * PRUNE_TO) - coming, 0);
      files.sort((a, b) => a.mtime - b.mtime);
      const mine = `.${process.pid}.`;
      for (const f of files) {
        if (total <= target) break;
        // This process's own writes under way are counted in `pending`, and left to finish.
        if (f.name.startsWith('.') && f.name.includes(mine)) continue;
        await unlink(join(this.dir, f.name)).then(
          () => (total -= f.size),
          () => undefined,
        );
      }
      this.opts.log?.(`cache: removed the oldest answers to stay within ${formatSize(this.maxBytes)} (--cache-size)`);
    }
    this.used = total;
    this.pending += size;
  }
}

/** Removes every entry under the cache root `dir`; what there was: the answers kept and their bytes (null: no cache there). */
export async function clearCache(dir: string): Promise<{ entries: number; bytes: number } | null> {
  const entries = join(dir, ENTRIES);
  const { lstat, readdir, rm, stat } = fsp();
  try {
    await stat(entries);
  } catch {
    return null;
  }
  let count = 0;
  let bytes = 0;
  try {
    for (const name of await readdir(entries)) {
      // Temporary files of a write under way are not answers.
      if (name.startsWith('.')) continue;
      const st = await lstat(join(entries, name)).catch(() => undefined);
      if (!st?.isFile()) continue;
      count++;
      bytes += st.size;
    }
    await rm(entries, { recursive: true, force: true });
  } catch (e) {
    throw new ScoutError(safeText(`cannot clear the cache in ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`));
  }
  return { entries: count, bytes };
}

/** A kept body as one chunk, for a streamed consumer. */
async function* oneChunk(body: Buffer): AsyncGenerator<Buffer, void, undefined> {
  yield body;
}

/** Passes the chunks on, keeping each; `whole` once the body has been read to its end. */
async function* keeping(chunks: AsyncIterable<Buffer>, tee: { chunks: Buffer[]; whole: boolean }): AsyncGenerator<Buffer, void, undefined> {
  for await (const c of chunks) {
    tee.chunks.push(c);
    yield c;
  }
  tee.whole = true;
}
