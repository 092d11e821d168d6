/**
 * Global settings (docs/cli-contract.md, Global options), resolved and checked before any request. Which
 * flag, variable and config-file key each setting has, and its default, come from the settings table
 * (setting-table.ts); how each value is checked is here.
 *
 * Precedence, key by key: flag, then `SCOUT_*` environment, then the config file, then the default.
 * The explorer is chosen by level, not key by key: the highest level (flag, environment, file) that
 * names a base URL or a chain decides, and within one level a base URL wins over a chain. So
 * `--chain base` beats `SCOUT_BASE_URL` and a `base-url` in the file, and `--base-url` beats
 * everything. A chain named beside the winning base URL still labels values with its coin. For the
 * admin key, a key beats a key file of the same level.
 */
import { UsageError } from '../base/errors.js';
import { checkKey, type DurationSpec, isLoopbackHost, parseDuration, parseSize, TIMER_MAX_MS } from '../base/validate.js';
import { chainSetOf, chainsOfSet, distinctChains } from './chain-list.js';
import { BUILTIN_CHAINS, type Chain, chainAnswersTo, chainForExplorer, chainIdOf, findChain, nearestNames } from './chains.js';
import { type ConfigFile, readConfigFile } from './file.js';
import { chainsCachePath, configPath } from './paths.js';
import { readChainsCache } from './registry.js';
import { attributeOf, type ConfigKey, flagName, type GlobalFlags, setting, SETTINGS, type SettingName, type SettingSpec, SWITCH_OFF, SWITCH_ON, WHEN, type When, whenOf } from './setting-table.js';
import { FileRefused, readableByOthers, readSmallFile } from './small-file.js';
import { echoUrl, isBlockscoutHosted, parseUrlSetting, shown, shownUrl } from './url.js';
import { echo } from '../base/text/echo.js';

export type { GlobalFlags } from './setting-table.js';

/** Where explorer requests go. */
export interface ExplorerTarget {
  baseUrl: string;
  /** The hosted PRO API: the key goes as `Authorization: Bearer`. */
  pro: boolean;
  /** The chain, when one was named (or the base URL is a known instance). */
  chain: Chain | undefined;
  /** Native coin symbol for labelling values; '' when not known (values then carry no symbol, never a guessed ETH). */
  coin: string;
  /** The explorer key to send there, after explorerKeyFor decided where keys may go. */
  key?: string | undefined;
  /** Why a key that is set was not sent (said once with --verbose). */
  withheld?: string | undefined;
}

export interface Settings {
  /**
   * Where explorer requests go and the key they carry; throws UsageError (bad URL, unknown chain,
   * --pro without a key, a key over plain http:// without --insecure).
   */
  explorer(): ExplorerTarget;
  /**
   * `--chains`: where each chain's requests go (its explorer, or the PRO API with --pro) and the key
   * each carries, in the order given, sets expanded. Throws UsageError for an unknown chain (all of
   * them named), beside --chain or --base-url, or for what explorer() refuses (--pro without a key).
   */
  targetsFor(queries: readonly string[]): ExplorerTarget[];
  /**
   * The explorer's web site, whose pages `scout open` and --web name (`<site>/address/0x…`): the base
   * URL (a Blockscout serves its pages and its API under the same path), or with the hosted PRO API
   * the chain's own explorer. Needs no key. Throws as explorer() does for a bad URL or chain.
   */
  site(): string;
  /**
   * The coin that labels values: the chosen chain's, or that of the chain (built-in or in the
   * registry cache) whose explorer the base URL is; '' when none is known. Never throws.
   */
  coin: string;
  /** The explorer key from --explorer-key, SCOUT_EXPLORER_KEY or the file; `explorer().key` is what is sent. */
  explorerKey: string | undefined;
  /** Keys may go over plain http:// to hosts other than loopback (--insecure). */
  insecure: boolean;
  adminUrl: string;
  timeoutMs: number;
  retries: number;
  /** Largest response body in bytes (--max-body); undefined: the HTTP layer's default. */
  maxBodyBytes: number | undefined;
  /** What --jq may spend (--jq-timeout, --jq-max-memory); the filter is compiled with jqLimits(), before the session. */
  jq: JqLimits;
  /** `--cache`: how old a kept answer may be, in ms (Infinity: forever); undefined: no cache. */
  cacheTtlMs: number | undefined;
  /** `--cache-size`: the entries' total size at most, in bytes; undefined: the cache's default. */
  cacheMaxBytes: number | undefined;
  verbose: boolean;
  /**
   * Colour as asked by --color, --no-color, SCOUT_COLOR or the file: `auto` leaves it to the terminal
   * and the colour variables (the Io's decision), `always` also colours, in the terminal layout,
   * through a pipe.
   */
  color: When;
  /** Reads the admin key only when an admin command asks (the file may not exist otherwise). */
  adminKey(): string | undefined;
  /** Every key known, for redaction. */
  secrets(): string[];
  /**
   * Things worth saying on stderr before anything else (config file warnings); adminKey() adds the
   * key file's when it reads one.
   */
  warnings: string[];
  /** The config file that was read (or looked for). */
  configFile: ConfigFile;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A value and where it came from, for error messages: `--timeout`, `SCOUT_TIMEOUT`, `"timeout" in …`. */
interface Sourced<T = string> {
  value: T;
  from: string;
}

function envValue(env: Env, name: string): Sourced | undefined {
  const v = env[name];
  return v !== undefined && v.trim() !== '' ? { value: v, from: name } : undefined;
}

/**
 * Reads settings from each source through the table: the flag (a switch as "1"), the environment
 * variable (empty is unset), the config file (a switch as "1" or "0"), and all three in that order.
 */
interface Sources {
  flag(name: SettingName): Sourced | undefined;
  env(name: SettingName): Sourced | undefined;
  file(name: SettingName): Sourced | undefined;
  /** Flag, then environment, then file. */
  pick(name: SettingName): Sourced | undefined;
  /** The table's default, named like the flag (or the variable, for a setting without one). */
  fallback(name: SettingName): Sourced;
}

function sources(flags: GlobalFlags, env: Env, configFile: ConfigFile): Sources {
  const spec = (name: SettingName): SettingSpec => setting(name);
  const flag = (name: SettingName): Sourced | undefined => {
    const s = spec(name);
    const v = (flags as Record<string, string | boolean | undefined>)[attributeOf(s)];
    if (!s.flag || v === undefined) return undefined;
    // `--no-color`: the setting's negative option.
    if (v === false && s.negate) return { value: 'never', from: s.negate.flag };
    // A switch typed on the command line is on (--no-color is not resolved here: the Io decides colour).
    return typeof v === 'boolean' ? (v ? { value: '1', from: flagName(s) } : undefined) : { value: v, from: flagName(s) };
  };
  const fromEnv = (name: SettingName): Sourced | undefined => envValue(env, spec(name).env);
  const file = (name: SettingName): Sourced | undefined => {
    if (!spec(name).config) return undefined;
    const v = (configFile.values as Record<string, string | boolean | undefined>)[name];
    if (v === undefined) return undefined;
    return { value: typeof v === 'boolean' ? (v ? '1' : '0') : v, from: `"${name}" in ${shown(configFile.path, 200)}` };
  };
  return {
    flag,
    env: fromEnv,
    file,
    pick: (name) => flag(name) ?? fromEnv(name) ?? file(name),
    fallback: (name) => ({ value: spec(name).default ?? '', from: flagName(spec(name)) }),
  };
}

function checkUrl(s: Sourced, what = s.from): string {
  const u = parseUrlSetting(s.value, what);
  return u.origin + u.pathname.replace(/\/+$/, '');
}

/**
 * An explorer's base URL is the site (`https://eth.blockscout.com`): scout adds `/api/v2/…` itself.
 * One ending in `/api` or `/api/v2` would ask `/api/v2/api/v2/…` and get a 404 that says nothing of
 * why, so it is refused, before any request, with the URL to use instead. Refused rather than
 * corrected: a value from the environment or a config file is fixed where it lives, not silently
 * used as another URL on every run.
 */
function checkBaseUrl(s: Sourced): string {
  const url = checkUrl(s);
  const m = /\/api(\/v2)?$/i.exec(new URL(url).pathname);
  if (!m) return url;
  const site = url.slice(0, url.length - m[0].length);
  throw new UsageError(`invalid ${s.from} ${echoUrl(s.value)}: drop the trailing ${m[0]}, scout adds it`, { hint: `use ${shownUrl(site)}` });
}

/**
 * The range of each duration setting. Node's timers hold at most 2^31-1 ms: a longer --timeout would
 * fire at once. A cache lifetime is no timer: any length, or forever, in whole seconds or units.
 */
const DURATION_SPECS: Readonly<Record<string, DurationSpec>> = {
  timeout: { minMs: 1, maxMs: TIMER_MAX_MS, fractions: true },
  'jq-timeout': { minMs: 1, maxMs: TIMER_MAX_MS, fractions: true },
  cache: { minMs: 1000, forever: true },
};

/** A duration setting's value in milliseconds (Infinity: forever). */
function checkDuration(name: SettingName, s: Sourced): number {
  const spec = DURATION_SPECS[name];
  if (!spec) throw new Error(`setting ${name} has no duration range`);
  return parseDuration(s.value, s.from, spec);
}
/** A body is decoded into one string, and a string holds at most about 512 MiB. */
const MAX_BODY_LIMIT = 500 * 1024 * 1024;
/** The most --jq-max-memory allows: jq's WebAssembly build cannot grow past 2 GiB. */
const JQ_MEMORY_LIMIT = 2 * 1024 * 1024 * 1024;
/** The largest --cache-size taken. */
const MAX_CACHE_SIZE = 64 * 1024 ** 3;
/** The largest value of each size setting. */
const SIZE_LIMITS: Readonly<Record<string, number>> = {
  'max-body': MAX_BODY_LIMIT,
  'cache-size': MAX_CACHE_SIZE,
  'jq-max-memory': JQ_MEMORY_LIMIT,
};

/** The largest value a size setting takes. */
function sizeLimit(name: SettingName): number {
  return SIZE_LIMITS[name] ?? MAX_BODY_LIMIT;
}

function parseBool(s: Sourced): boolean {
  const v = s.value.trim().toLowerCase();
  if (SWITCH_ON.includes(v)) return true;
  if (SWITCH_OFF.includes(v)) return false;
  throw new UsageError(`invalid ${s.from} ${echo(s.value)}: expected 1 or 0`);
}

/** Resolves `--chain` to a known chain, or throws a usage error that names the nearest ones. */
function resolveChain(q: Sourced, env: Env, warnings: string[], pro: boolean): Chain {
  let cache: readonly Chain[] | undefined;
  const cached = () => (cache ??= readChainsCache(chainsCachePath(env), (w) => warnings.push(w))?.chains ?? []);
  const query = q.value.trim();
  if (!query) throw new UsageError(`invalid ${q.from}: empty chain name`);
  // Matching is quadratic in the length of the name: a very long value is refused before it.
  if (query.length > MAX_CHAIN_LENGTH) throw new UsageError(`invalid ${q.from}: a chain name or id has at most ${MAX_CHAIN_LENGTH} characters`);
  // Say where a chain that is not on the command line came from: the user may not remember setting it.
  const from = q.from === '--chain' ? '' : ` (from ${q.from})`;
  const match = findChain(query, cached);
  if (match && 'chain' in match) return match.chain;
  if (match) {
    const ids = match.ambiguous.map((c) => `${c.id} (${shown(c.name)})`).join(', ');
    throw new UsageError(`chain ${echo(query)}${from} is ambiguous: ${ids}`, { hint: `pass the chain id instead, e.g. --chain ${match.ambiguous[0]!.id}` });
  }
  const id = chainIdOf(query);
  // The PRO API serves chains by id: an id we have no entry for is still a usable target there.
  if (id !== undefined && pro) return { id, name: `chain ${id}`, names: [], explorer: '', coin: null, testnet: false, source: 'registry' };
  const refresh = cached().length === 0 ? '; `scout chains --refresh` fetches the full registry' : '';
  if (id !== undefined) {
    throw new UsageError(`unknown chain id ${id}${from}`, { hint: `\`scout chains\` lists the known chains${refresh}; --base-url <url> reaches any explorer` });
  }
  const near = nearestNames(query, [...BUILTIN_CHAINS, ...cached()]);
  throw new UsageError(`unknown chain ${echo(query)}${from}`, { hint: `did you mean ${near.map((n) => shown(n)).join(', ')}? (\`scout chains\` lists them${refresh})` });
}

/** A retry count: a whole number from 0 to 20. */
function checkCount(s: Sourced): number {
  if (!/^\d+$/.test(s.value.trim()) || Number(s.value) > 20) {
    throw new UsageError(`invalid ${s.from} ${echo(s.value)}: expected a whole number from 0 to 20`);
  }
  return Number(s.value);
}

/**
 * The JSON value `scout config set` stores for a config-file key, checked as the setting is checked
 * when read (a UsageError naming `key`, as a bad flag gets). `env` locates the chains cache.
 */
export function configValue(key: ConfigKey, raw: string, env: Env): string | number | boolean {
  const spec: SettingSpec = setting(key);
  const s: Sourced = { value: raw, from: key };
  const value = raw.trim();
  switch (spec.kind) {
    case 'url':
      checkUrl(s);
      return value;
    case 'chain':
      // The PRO API takes any chain id; a name must be one scout knows.
      resolveChain({ value: raw, from: '--chain' }, env, [], true);
      return value;
    case 'key':
      if (!value) throw new UsageError(`invalid ${key}: empty`);
      checkKey(value, key);
      return value;
    case 'count':
      return checkCount(s);
    case 'size':
      parseSize(value, key, sizeLimit(key));
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'duration':
      checkDuration(key, s);
      // A bare number is seconds, kept a JSON number as the file has always held it.
      return /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    case 'switch':
      return parseBool(s);
    case 'when': {
      const when = whenOf(value);
      if (!when) throw new UsageError(`invalid ${key} ${echo(raw)}: expected ${WHEN.join(', ')}`);
      return when;
    }
    case 'path':
      return value;
  }
}

/** The limits of --jq: how long it may run on one input, and how much memory it may use. */
export interface JqLimits {
  timeoutMs: number;
  maxMemoryBytes: number;
}

/** The --jq limits from the flags, variables, file or defaults; UsageError for a bad value. */
function readJqLimits(src: Sources): JqLimits {
  const memory = src.pick('jq-max-memory') ?? src.fallback('jq-max-memory');
  return {
    timeoutMs: checkDuration('jq-timeout', src.pick('jq-timeout') ?? src.fallback('jq-timeout')),
    maxMemoryBytes: parseSize(memory.value, memory.from, sizeLimit('jq-max-memory')),
  };
}

/**
 * The --jq limits alone, for compiling the filter before the session's settings are resolved.
 * Throws UsageError as resolveSettings does.
 */
export function jqLimits(flags: GlobalFlags, env: Env): JqLimits {
  return readJqLimits(sources(flags, env, readConfigFile(configPath(env))));
}

/** Resolves and validates the global settings. Throws UsageError on bad values or a broken config file. */
export function resolveSettings(flags: GlobalFlags, env: Env): Settings {
  const configFile = readConfigFile(configPath(env));
  const file = configFile.values;
  const src = sources(flags, env, configFile);
  const warnings = [...configFile.warnings];
  // Checked with the others whether or not --jq is given.
  const jq = readJqLimits(src);

  const adminUrl = checkUrl(src.pick('admin-url') ?? src.fallback('admin-url'));

  const timeout = src.pick('timeout') ?? src.fallback('timeout');
  const timeoutMs = checkDuration('timeout', timeout);
  const retries = src.pick('retries') ?? src.fallback('retries');
  checkCount(retries);

  // Unset, the HTTP layer's own default applies (the table's default says the same; a test holds them together).
  const maxBody = src.pick('max-body');
  const maxBodyBytes = maxBody ? parseSize(maxBody.value, maxBody.from, MAX_BODY_LIMIT) : undefined;
  const cache = src.pick('cache');
  const cacheTtlMs = cache ? checkDuration('cache', cache) : undefined;
  const cacheSize = src.pick('cache-size');
  const cacheMaxBytes = cacheSize ? parseSize(cacheSize.value, cacheSize.from, MAX_CACHE_SIZE) : undefined;

  const explorerKeySource = src.pick('explorer-key');
  const explorerKey = explorerKeySource?.value.trim() || undefined;
  const on = (name: 'pro' | 'insecure' | 'verbose'): boolean => {
    const source = src.pick(name);
    return source ? parseBool(source) : false;
  };
  const pro = on('pro');
  const insecure = on('insecure');
  const verbose = on('verbose');
  const colorSource = src.pick('color');
  const color = colorSource ? whenOf(colorSource.value) : 'auto';
  if (!color) throw new UsageError(`invalid ${colorSource!.from} ${echo(colorSource!.value)}: expected ${WHEN.join(', ')}`);

  // The explorer: the highest level naming a base URL or a chain decides (see the header).
  const levels = [src.flag, src.env, src.file].map((level) => ({ base: level('base-url'), chain: level('chain') }));
  const level = levels.find((l) => l.base || l.chain);
  /** The base URL is one the user named (not picked from the chain table or the registry). */
  let named = false;
  let target: ExplorerTarget | undefined;
  let targetError: unknown;
  try {
    if (level?.base) {
      named = true;
      // A base URL is used as given: a pro setting from the environment or the file leaves it alone,
      // but a --pro typed on this command line would silently do nothing, so it is refused.
      if (src.flag('pro')) {
        const from = level.base.from === '--base-url' ? '' : ` (${level.base.from} names one)`;
        throw new UsageError(`--pro works with --chain <id|name>, not with a base URL${from}`);
      }
      const baseUrl = checkBaseUrl(level.base);
      const registry = () => readChainsCache(chainsCachePath(env), (w) => warnings.push(w))?.chains ?? [];
      const chain = level.chain ? resolveChain(level.chain, env, warnings, false) : chainForExplorer(baseUrl, registry);
      target = { baseUrl, pro: false, chain, coin: chain?.coin ?? '' };
    } else {
      const chain = level?.chain ? resolveChain(level.chain, env, warnings, pro) : BUILTIN_CHAINS[0]!;
      if (pro) {
        const root = checkUrl(src.env('pro-url') ?? src.fallback('pro-url'));
        if (!chain.id) throw new UsageError(`the PRO API needs a chain id, and the registry gives none for ${echo(chain.name)}`);
        target = { baseUrl: `${root}/${chain.id}`, pro: true, chain, coin: chain.coin ?? '' };
      } else {
        target = { baseUrl: chain.explorer, pro: false, chain, coin: chain.coin ?? '' };
      }
    }
  } catch (e) {
    targetError = e;
  }
  let placed: ExplorerTarget | undefined;
  const explorer = (): ExplorerTarget => {
    if (!target) throw targetError;
    checkKey(explorerKey, `explorer key (${explorerKeySource?.from})`);
    if (target.pro && !explorerKey) {
      throw new UsageError('the PRO API needs an explorer key', { hint: 'pass --explorer-key, set SCOUT_EXPLORER_KEY, or put "explorer-key" in the config file' });
    }
    placed ??= { ...target, ...explorerKeyFor(target, named, insecure, keySources(flags, src, configFile)) };
    return placed;
  };

  // Within a level the key beats the key file, as --api-key beats --api-key-file; a key file is read
  // only when nothing above it gives the key.
  const keyFile = (s: Sourced | undefined): Sourced | undefined => (s ? { value: readKeyFile(s.value, s.from, warnings), from: s.from } : undefined);
  let adminKeyCache: string | undefined | null = null;
  const adminKey = (): string | undefined => {
    if (adminKeyCache !== null) return adminKeyCache;
    const source = src.flag('api-key') ?? keyFile(src.flag('api-key-file')) ?? src.env('api-key') ?? keyFile(src.env('api-key-file')) ?? src.file('api-key');
    checkKey(source?.value.trim(), `admin key (${source?.from})`);
    adminKeyCache = source?.value.trim() || undefined;
    return adminKeyCache;
  };

  const targetsFor = (queries: readonly string[]): ExplorerTarget[] => {
    for (const name of ['chain', 'base-url'] as const) {
      const given = src.flag(name);
      if (given) throw new UsageError(`--chains picks each chain's explorer itself; it does not go with ${given.from}`);
    }
    const chains = chainList(queries, env, warnings, pro);
    checkKey(explorerKey, `explorer key (${explorerKeySource?.from})`);
    if (pro && !explorerKey) {
      throw new UsageError('the PRO API needs an explorer key', { hint: 'pass --explorer-key, set SCOUT_EXPLORER_KEY, or put "explorer-key" in the config file' });
    }
    const root = pro ? checkUrl(src.env('pro-url') ?? src.fallback('pro-url')) : '';
    const keys = keySources(flags, src, configFile);
    return chains.map((chain) => {
      if (pro && !chain.id) throw new UsageError(`the PRO API needs a chain id, and the registry gives none for ${echo(chain.name)}`);
      const t: ExplorerTarget = { baseUrl: pro ? `${root}/${chain.id}` : chain.explorer, pro, chain, coin: chain.coin ?? '' };
      return { ...t, ...explorerKeyFor(t, false, insecure, keys) };
    });
  };

  const site = (): string => {
    if (!target) throw targetError;
    if (!target.pro) return target.baseUrl;
    if (!target.chain?.explorer) throw new UsageError(`no explorer web site is known for ${shown(target.chain?.name ?? 'this chain')}; pass --base-url <explorer> instead of --pro`);
    return target.chain.explorer;
  };

  return {
    explorer,
    targetsFor,
    site,
    coin: target?.coin ?? '',
    explorerKey,
    insecure,
    adminUrl,
    timeoutMs,
    retries: Number(retries.value),
    maxBodyBytes,
    jq,
    cacheTtlMs,
    cacheMaxBytes,
    verbose,
    color,
    adminKey,
    secrets: () => {
      // Every key any source holds, used or not: none of them may ever be printed. The key file is
      // not read for this: it is read only when an admin command needs it (a FIFO or a slow mount
      // must not hold up explorer commands); the admin session adds that key once it has it.
      const s: (string | boolean | undefined)[] = [];
      for (const spec of SETTINGS as readonly SettingSpec[]) {
        if (!spec.secret) continue;
        s.push((flags as Record<string, string | boolean | undefined>)[attributeOf(spec)], env[spec.env], (file as Record<string, string | boolean | undefined>)[spec.name]);
      }
      s.push(...Object.values(file.chains ?? {}).map((c) => c['explorer-key']));
      if (adminKeyCache) s.push(adminKeyCache);
      return [...new Set(s.map((k) => (typeof k === 'string' ? k.trim() : undefined)).filter((k): k is string => !!k))];
    },
    warnings,
    configFile,
  };
}

/**
 * The chains `--chains` names, in order, each once: a set (all, mainnets, testnets) expands from the
 * cached registry (else the built-in chains, with a warning saying so), a name or id is looked up as
 * `--chain` looks it up. Every unknown one is named in one usage error.
 */
function chainList(queries: readonly string[], env: Env, warnings: string[], pro: boolean): Chain[] {
  const out: Chain[] = [];
  const unknown: string[] = [];
  let only: unknown;
  for (const query of queries) {
    const set = chainSetOf(query);
    if (set) {
      const cache = readChainsCache(chainsCachePath(env), (w) => warnings.push(w));
      if (!cache) warnings.push(`no cached chain registry: --chains ${set} covers the built-in chains only (\`scout chains --refresh\` caches the registry)`);
      out.push(...chainsOfSet(set, cache?.chains));
      continue;
    }
    try {
      out.push(resolveChain({ value: query, from: '--chains' }, env, warnings, pro));
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      unknown.push(query);
      only = e;
    }
  }
  if (unknown.length === 1) throw only;
  if (unknown.length > 1) {
    throw new UsageError(`unknown chains in --chains: ${unknown.map((q) => echo(q)).join(', ')}`, { hint: '`scout chains` lists the known chains; `scout chains --refresh` fetches the full registry' });
  }
  const chains = distinctChains(out);
  if (chains.length === 0) throw new UsageError(`--chains ${echo(queries.join(','))} names no chain`, { hint: '`scout chains --refresh` caches the registry' });
  return chains;
}

/** The longest `--chain` value looked up. */
export const MAX_CHAIN_LENGTH = 100;

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

/** The built-in chains' explorers: origins written into scout, not taken from the registry. */
const BUILTIN_ORIGINS: ReadonlySet<string> = new Set(BUILTIN_CHAINS.map((c) => originOf(c.explorer)).filter((o): o is string => o !== undefined));

/** Origins Blockscout runs: the built-in presets', and any https://*.blockscout.com on the default port. */
function blockscoutOrigin(origin: string): boolean {
  if (BUILTIN_ORIGINS.has(origin)) return true;
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

function keySources(flags: GlobalFlags, src: Sources, configFile: ConfigFile): KeySources {
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
