/**
 * Global settings (docs/cli-contract.md, Global options), resolved and checked before any request. Which
 * flag, variable and config-file key each setting has, and its default, come from the settings table
 * (setting-table.ts); where a value comes from is sources.ts. Three parts:
 *
 * - the explorer target (target.ts): base URL, chain, the PRO API;
 * - key routing (keys.ts): which key goes to which origin, the admin key, the keys to redact;
 * - the scalar settings, here: timeouts, retries, sizes, the cache, colour, switches.
 *
 * Precedence, key by key: flag, then `SCOUT_*` environment, then the config file, then the default;
 * the explorer is chosen by level (target.ts). For the admin key, a key beats a key file of the
 * same level.
 */
import { echo } from '../base/text/echo.js';
import { UsageError } from '../base/errors.js';
import { checkKey, type DurationSpec, parseDuration, parseSize, TIMER_MAX_MS } from '../base/validate.js';
import { type ConfigFile, readConfigFile } from './file.js';
import { adminKeyOf, checkExplorerKey, explorerKeyFor, keySources, secretsOf } from './keys.js';
import { configPath } from './paths.js';
import { type ConfigKey, type GlobalFlags, setting, type SettingName, type SettingSpec, SWITCH_OFF, SWITCH_ON, TIME, type TimeShown, timeOf, WHEN, type When, whenOf } from './setting-table.js';
import { checkUrl, type Env, type Sourced, type Sources, sources } from './sources.js';
import { chainsFor, chainTarget, type ChosenTarget, chooseTarget, type ExplorerTarget, proRoot, resolveChain, siteOf } from './target.js';
import { shown } from './url.js';

export type { GlobalFlags } from './setting-table.js';
export type { ExplorerTarget } from './target.js';
export { MAX_CHAIN_LENGTH } from './target.js';

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
  /** How tables show times (--time, SCOUT_TIME or the file): an age, or the UTC date and time. */
  time: TimeShown;
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
    case 'time': {
      const time = timeOf(value);
      if (!time) throw new UsageError(`invalid ${key} ${echo(raw)}: expected ${TIME.join(', ')}`);
      return time;
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
  const timeSource = src.pick('time');
  const time = timeSource ? timeOf(timeSource.value) : 'relative';
  if (!time) throw new UsageError(`invalid ${timeSource!.from} ${echo(timeSource!.value)}: expected ${TIME.join(', ')}`);

  // The explorer target is chosen now; an error in it is told only when a command asks for it.
  let chosen: ChosenTarget | undefined;
  let targetError: unknown;
  try {
    chosen = chooseTarget(src, env, warnings, pro);
  } catch (e) {
    targetError = e;
  }
  const target = (): ChosenTarget => {
    if (!chosen) throw targetError;
    return chosen;
  };
  let placed: ExplorerTarget | undefined;
  const explorer = (): ExplorerTarget => {
    const { target: t, named } = target();
    checkExplorerKey(explorerKeySource, t.pro);
    placed ??= { ...t, ...explorerKeyFor(t, named, insecure, keySources(flags, src, configFile)) };
    return placed;
  };

  const targetsFor = (queries: readonly string[]): ExplorerTarget[] => {
    const chains = chainsFor(queries, src, env, warnings, pro);
    checkExplorerKey(explorerKeySource, pro);
    const root = pro ? proRoot(src) : undefined;
    const keys = keySources(flags, src, configFile);
    return chains.map((chain) => {
      const t = chainTarget(chain, root);
      return { ...t, ...explorerKeyFor(t, false, insecure, keys) };
    });
  };

  const adminKey = adminKeyOf(src, warnings);

  return {
    explorer,
    targetsFor,
    site: () => siteOf(target().target),
    coin: chosen?.target.coin ?? '',
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
    time,
    adminKey: () => adminKey.read(),
    secrets: () => secretsOf(flags, env, file, adminKey.known),
    warnings,
    configFile,
  };
}
