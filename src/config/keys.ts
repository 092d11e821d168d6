/**
 * Key routing: which key goes where. The explorer key (`--explorer-key`, SCOUT_EXPLORER_KEY, the
 * file's `explorer-key` and its per-chain keys) is bound to origins, never to a name the chain
 * registry supplies (explorerKeyFor); the PRO API needs one; the admin key is read, key file and
 * all, only when an admin command asks; and every key any source holds is listed for redaction.
 */
import { echo } from '../base/text/echo.js';
import { UsageError } from '../base/errors.js';
import { checkKey, isLoopbackHost } from '../base/validate.js';
import { BUILTIN_CHAINS, chainAnswersTo, findChain } from './chains.js';
import type { ConfigFile } from './file.js';
import { attributeOf, type GlobalFlags, SETTINGS, type SettingSpec } from './setting-table.js';
import { FileRefused, readableByOthers, readSmallFile } from './small-file.js';
import type { Env, Sourced, Sources } from './sources.js';
import type { ExplorerTarget } from './target.js';
import { isBlockscoutHosted, parseUrlSetting, shown } from './url.js';

/**
 * The explorer key as the sources give it, checked: a key a header can carry, and present when the
 * requests go to the PRO API. UsageError otherwise.
 */
export function checkExplorerKey(source: Sourced | undefined, pro: boolean): string | undefined {
  const key = source?.value.trim() || undefined;
  checkKey(key, `explorer key (${source?.from})`);
  if (pro && !key) {
    throw new UsageError('the PRO API needs an explorer key', { hint: 'pass --explorer-key, set SCOUT_EXPLORER_KEY, or put "explorer-key" in the config file' });
  }
  return key;
}

/** The admin key, read when first asked (`read`), and what was read so far (`known`, for redaction). */
export interface AdminKey {
  read(): string | undefined;
  readonly known: string | undefined;
}

/**
 * The admin key, read when first asked: within a level the key beats the key file, as --api-key
 * beats --api-key-file; a key file is read only when nothing above it gives the key (its warning,
 * if any, goes into `warnings`). UsageError for a key a header cannot carry or a key file refused.
 */
export function adminKeyOf(src: Sources, warnings: string[]): AdminKey {
  const keyFile = (s: Sourced | undefined): Sourced | undefined => (s ? { value: readKeyFile(s.value, s.from, warnings), from: s.from } : undefined);
  let known: string | undefined | null = null;
  return {
    read: () => {
      if (known !== null) return known;
      const source = src.flag('api-key') ?? keyFile(src.flag('api-key-file')) ?? src.env('api-key') ?? keyFile(src.env('api-key-file')) ?? src.file('api-key');
      checkKey(source?.value.trim(), `admin key (${source?.from})`);
      known = source?.value.trim() || undefined;
      return known;
    },
    get known() {
      return known ?? undefined;
    },
  };
}

/**
 * Every key any source holds, used or not: none of them may ever be printed. The key file is not
 * read for this: it is read only when an admin command needs it (a FIFO or a slow mount must not
 * hold up explorer commands); `adminKey` is the admin key once read, and the admin session adds it.
 */
export function secretsOf(flags: GlobalFlags, env: Env, file: ConfigFile['values'], adminKey: string | undefined): string[] {
  const s: (string | boolean | undefined)[] = [];
  for (const spec of SETTINGS as readonly SettingSpec[]) {
    if (!spec.secret) continue;
    s.push((flags as Record<string, string | boolean | undefined>)[attributeOf(spec)], env[spec.env], (file as Record<string, string | boolean | undefined>)[spec.name]);
  }
  s.push(...Object.values(file.chains ?? {}).map((c) => c['explorer-key']));
  if (adminKey) s.push(adminKey);
  return [...new Set(s.map((k) => (typeof k === 'string' ? k.trim() : undefined)).filter((k): k is string => !!k))];
}

/**
 * Reads `--api-key-file` (or SCOUT_ADMIN_KEY_FILE): a regular file of at most 64 KiB, else one line
 * saying why not. One that other users can read gets the config file's warning, into `warnings`.
 */
function readKeyFile(path: string, from: string, warnings: string[]): string {
  let key: string;
  try {
    key = readSmallFile(path).trim();
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    throw new UsageError(`cannot read ${from} "${shown(path, 200)}": ${e.message}`);
  }
  if (!key) throw new UsageError(`${from} "${shown(path, 200)}" is empty`);
  const warning = readableByOthers(path, shown(path, 200));
  if (warning) warnings.push(warning);
  return key;
}

/** A per-chain key and the origin it is bound to (undefined: none, so it goes nowhere). */
interface BoundKey {
  /** The chain name or id it is filed under in the config file. */
  name: string;
  key: string;
  origin: string | undefined;
}

/** Where an explorer key may come from, each with the name used in messages, and where keys may go. */
export interface KeySources {
  /** `--explorer-key` on this command line. */
  flag: string | undefined;
  /** SCOUT_EXPLORER_KEY, else `"explorer-key"` in the file: set once for every explorer. */
  global: Sourced | undefined;
  /** `"chains": {"<name>": {"explorer-key": …, "base-url": …}}` in the file, each bound to its origin. */
  perChain: readonly BoundKey[];
  /** Origins the user named in the file's chains section (`"chains" › … › "base-url"`). */
  pinned: ReadonlySet<string>;
  configPath: string;
}

/** A URL's origin (scheme, host, port), or undefined when it is no URL. */
function originOf(url: string): string | undefined {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/**
 * The built-in chains' explorers: origins written into scout, not taken from the registry. Made when
 * first asked: a run with --base-url never asks, and parsing every preset's URL was most of the URL
 * parsing in a lookup.
 */
let builtinOrigins: ReadonlySet<string> | undefined;

/** Origins Blockscout runs: the built-in presets', and any https://*.blockscout.com on the default port. */
function blockscoutOrigin(origin: string): boolean {
  builtinOrigins ??= new Set(BUILTIN_CHAINS.map((c) => originOf(c.explorer)).filter((o): o is string => o !== undefined));
  if (builtinOrigins.has(origin)) return true;
  const u = new URL(origin);
  return u.protocol === 'https:' && u.port === '' && isBlockscoutHosted(origin);
}

/**
 * The origin a per-chain key is bound to: the `base-url` beside it (a bad one is a usage error naming
 * it), else the built-in chain its name or id names; never a chain from the registry.
 */
function boundOrigin(name: string, c: { 'base-url'?: string }, configPath: string): string | undefined {
  if (c['base-url'] !== undefined) return parseUrlSetting(c['base-url'], `"chains" › ${echo(name)} › "base-url" in ${shown(configPath, 200)}`).origin;
  const builtin = findChain(name, () => []);
  return builtin && 'chain' in builtin ? originOf(builtin.chain.explorer) : undefined;
}

export function keySources(flags: GlobalFlags, src: Sources, configFile: ConfigFile): KeySources {
  const flag = flags.explorerKey?.trim() || undefined;
  const global = src.env('explorer-key') ?? src.file('explorer-key');
  const entries = Object.entries(configFile.values.chains ?? {});
  const perChain: BoundKey[] = [];
  const pinned = new Set<string>();
  for (const [name, c] of entries) {
    const origin = boundOrigin(name, c, configFile.path);
    if (c['base-url'] !== undefined && origin) pinned.add(origin);
    if (c['explorer-key']) perChain.push({ name, key: c['explorer-key'], origin });
  }
  return { flag, global: global && global.value.trim() ? { ...global, value: global.value.trim() } : undefined, perChain, pinned, configPath: configFile.path };
}

/**
 * Which explorer key goes to `target`, if any (docs/cli-contract.md, Global options; README, Security).
 * A key is bound to origins (scheme, host, port), never to a chain name or id the registry supplies:
 *
 * - `--explorer-key`, then a global key (SCOUT_EXPLORER_KEY, `explorer-key` in the file), go to a
 *   base URL the user named, the PRO API, an origin Blockscout runs (the built-in presets',
 *   https://*.blockscout.com) and an origin named in the file's chains section (`base-url`).
 * - A key configured for a chain (`chains.<name>.explorer-key`) goes only to its own origin: the
 *   `base-url` beside it, else the built-in chain's explorer. There it wins over a global key.
 * - Withheld, the request goes without a key and `withheld` says why (for --verbose).
 * - Any key over plain http:// to a host other than loopback is a usage error unless --insecure.
 */
export function explorerKeyFor(target: ExplorerTarget, named: boolean, insecure: boolean, sources: KeySources): { key: string | undefined; withheld?: string | undefined } {
  let key: string | undefined;
  let withheld: string | undefined;
  const origin = originOf(target.baseUrl);
  const trusted = origin !== undefined && (named || target.pro || blockscoutOrigin(origin) || sources.pinned.has(origin));
  const bound = origin === undefined || target.pro ? [] : sources.perChain.filter((b) => b.origin === origin);
  // Several keys bound to one origin: the one filed under a name the chain answers to.
  const perChain = bound.find((b) => target.chain && chainAnswersTo(target.chain, b.name)) ?? bound[0];
  if (sources.flag && trusted) key = sources.flag;
  else if (perChain) key = perChain.key;
  else if (sources.global && trusted) key = sources.global.value;
  else {
    const from = sources.flag ? '--explorer-key' : sources.global ? sources.global.from : undefined;
    const filed = target.chain && sources.perChain.find((b) => chainAnswersTo(target.chain!, b.name));
    const what = from ?? (filed ? `"chains" › ${echo(filed.name)} in ${shown(sources.configPath, 200)}` : undefined);
    if (what) {
      const name = target.chain ? shown(target.chain.names[0] ?? target.chain.id ?? target.chain.name) : 'the chain';
      withheld =
        `not sending the explorer key from ${what} to ${hostOf(target.baseUrl)}: a key goes only to a base URL you name, the PRO API, Blockscout-hosted explorers ` +
        `and an explorer you bound it to, never to one the chain registry names (set "chains" › "${name}" › "base-url" beside its "explorer-key" in ${shown(sources.configPath, 200)}, or pass --base-url)`;
    }
  }
  if (key) {
    const u = new URL(target.baseUrl);
    if (u.protocol === 'http:' && !isLoopbackHost(u.hostname) && !insecure) {
      throw new UsageError(`refusing to send the explorer key over plain http:// to ${u.host}`, {
        hint: 'use an https:// URL, or pass --insecure (SCOUT_INSECURE=1) to send it anyway, readable by anyone on the way',
      });
    }
  }
  return { key, withheld };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return shown(url);
  }
}
