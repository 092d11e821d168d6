/**
 * `--cache <ttl>`: successful GET bodies kept on disk, one small file per request.
 *
 * A file is named by the SHA-256 of the request (method, full URL with its query, and the SHA-256
 * of each header value sent, so an answer given to one key is never served to another) and holds
 * a one-line JSON envelope, then the body exactly as received:
 *
 *     {"v":1,"key":"<the file's name>","stored":<ms>,"bytes":<n>,"sha256":"<of the body>"}\n<body>
 *
 * Nothing else: no header, no key, no URL (a URL may carry a key-like parameter). Files are written
 * to a temporary name and renamed, so a reader sees a whole entry or none; an entry whose envelope,
 * length or checksum is wrong (cut short, edited, another version) is ignored and the request goes
 * out. A cache that cannot be read or written costs nothing but the saving: the request goes out,
 * and --verbose says why once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScoutError } from '../errors.js';
import { safeText } from '../text/safe.js';

/** The directory under the cache root that holds the entries (`scout cache clear` removes it). */
export const ENTRIES = 'http';
const VERSION = 1;
/** An entry's envelope is one short line; anything longer is not ours. */
const MAX_ENVELOPE = 512;

export interface ResponseCacheOptions {
  /** The cache root: `$XDG_CACHE_HOME/scout` or `~/.cache/scout`. */
  dir: string;
  /** How old an entry may be; Infinity for `forever`. */
  ttlMs: number;
  now: () => number;
  log?: ((line: string) => void) | undefined;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export class ResponseCache {
  private readonly dir: string;
  private told = false;

  constructor(private readonly opts: ResponseCacheOptions) {
    this.dir = join(opts.dir, ENTRIES);
  }

  /** The entry's name for a GET of `url` with `headers`; key material only ever enters hashed. */
  keyOf(url: URL, headers: Readonly<Record<string, string>>): string {
    const sent = Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), sha256(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return sha256(JSON.stringify([VERSION, 'GET', url.href, sent]));
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
    let data: Buffer;
    try {
      data = await readFile(this.path(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.tell('read', e);
      return undefined;
    }
    const nl = data.indexOf(0x0a);
    if (nl < 0 || nl > MAX_ENVELOPE) return this.drop(key);
    let env: unknown;
    try {
      env = JSON.parse(data.toString('utf8', 0, nl));
    } catch {
      return this.drop(key);
    }
    const e = env as { v?: unknown; key?: unknown; stored?: unknown; bytes?: unknown; sha256?: unknown };
    const body = data.subarray(nl + 1);
    if (
      !env ||
      typeof env !== 'object' ||
      e.v !== VERSION ||
      e.key !== key ||
      typeof e.stored !== 'number' ||
      e.bytes !== body.length ||
      e.sha256 !== sha256(body)
    ) {
      return this.drop(key);
    }
    const age = this.opts.now() - e.stored;
    if (!(age >= 0 && age < this.opts.ttlMs)) return undefined;
    return body;
  }

  /** A broken entry is removed (best effort) and counts as absent. */
  private async drop(key: string): Promise<undefined> {
    this.opts.log?.('cache: ignoring a broken entry');
    await unlink(this.path(key)).catch(() => undefined);
    return undefined;
  }

  /** Keeps `body` for `key`: written whole to a temporary file, then renamed over the entry. */
  async write(key: string, body: string | Buffer): Promise<void> {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const envelope = JSON.stringify({ v: VERSION, key, stored: this.opts.now(), bytes: bytes.length, sha256: sha256(bytes) });
    const tmp = this.path(`.${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeFile(tmp, Buffer.concat([Buffer.from(envelope + '\n'), bytes]), { mode: 0o600 });
      await rename(tmp, this.path(key));
    } catch (e) {
      this.tell('write', e);
      await unlink(tmp).catch(() => undefined);
    }
  }
}

/** Removes every entry under the cache root `dir`; true when there was something to remove. */
export async function clearCache(dir: string): Promise<boolean> {
  const entries = join(dir, ENTRIES);
  try {
    await stat(entries);
  } catch {
    return false;
  }
  try {
    await rm(entries, { recursive: true, force: true });
  } catch (e) {
    throw new ScoutError(safeText(`cannot clear the cache in ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`));
  }
  return true;
}
