/**
 * Global settings (CONTRACT.md, Global options), resolved and checked before any request.
 *
 * Precedence, key by key: flag, then `SCOUT_*` environment, then the config file, then the default.
 * The explorer is chosen by level, not key by key: the highest level (flag, environment, file) that
 * names a base URL or a chain decides, and within one level a base URL wins over a chain. So
 * `--chain base` beats `SCOUT_BASE_URL` and a `base-url` in the file, and `--base-url` beats
 * everything. A chain named beside the winning base URL still labels values with its coin.
 */
import { UsageError } from '../errors.js';
import { keyProblem, parseSize } from '../validate.js';
import { BUILTIN_CHAINS, type Chain, chainAnswersTo, chainForExplorer, chainIdOf, findChain, nearestNames } from './chains.js';
import { type ConfigFile, readConfigFile } from './file.js';
import { chainsCachePath, configPath } from './paths.js';
import { readChainsCache } from './registry.js';
import { FileRefused, readSmallFile } from './small-file.js';
import { isBlockscoutHosted, isLoopbackHost, parseUrlSetting, shown } from './url.js';

export const DEFAULT_BASE_URL = 'https://eth.blockscout.com';
export const DEFAULT_ADMIN_URL = 'https://merits.blockscout.com';
/** The hosted multichain PRO API: `<root>/<chain id>/api/v2/...`. */
export const DEFAULT_PRO_URL = 'https://api.blockscout.com';

/** Global options as commander hands them over. */
export interface GlobalFlags {
  baseUrl?: string;
  chain?: string;
  explorerKey?: string;
  pro?: boolean;
  adminUrl?: string;
  apiKey?: string;
  apiKeyFile?: string;
  timeout?: string;
  retries?: string;
  maxBody?: string;
  verbose?: boolean;
  color?: boolean;
  insecure?: boolean;
}

/** Where explorer requests go. */
export interface ExplorerTarget {
  baseUrl: string;
  /** The hosted PRO API: the key goes as `Authorization: Bearer`. */
  pro: boolean;
  /** The chain, when one was named (or the base URL is a known instance). */
  chain: Chain | undefined;
  /** Native coin symbol for labelling values. */
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
  /** `explorer().baseUrl`. */
  readonly baseUrl: string;
  /** The coin that labels values: the chosen chain's, else ETH. Never throws. */
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
  verbose: boolean;
  /** Reads the admin key only when an admin command asks (the file may not exist otherwise). */
  adminKey(): string | undefined;
  /** Every key known, for redaction. */
  secrets(): string[];
  /** Things worth saying on stderr before anything else (config file warnings). */
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

function flagValue(v: string | undefined, name: string): Sourced | undefined {
  return v !== undefined ? { value: v, from: name } : undefined;
}

/** Flag, then environment, then file. */
function layered(flag: Sourced | undefined, env: Sourced | undefined, file: Sourced | undefined): Sourced | undefined {
  return flag ?? env ?? file;
}

function checkUrl(s: Sourced, what = s.from): string {
  const u = parseUrlSetting(s.value, what);
  return u.origin + u.pathname.replace(/\/+$/, '');
}

/** A key that cannot go into a header is refused before any request, without printing it. */
function checkKey(key: string | undefined, what: string): void {
  const problem = key === undefined ? undefined : keyProblem(key);
  if (problem) throw new UsageError(`invalid ${what}: ${problem}`);
}

/** Node's timers hold at most 2^31-1 ms; a longer --timeout would fire at once. */
const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);
/** A body is decoded into one string, and a string holds at most about 512 MiB. */
const MAX_BODY_LIMIT = 500 * 1024 * 1024;

function parseBool(s: Sourced): boolean {
  const v = s.value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new UsageError(`invalid ${s.from} "${shown(s.value)}": expected 1 or 0`);
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
    throw new UsageError(`chain "${shown(query)}"${from} is ambiguous: ${ids}`, { hint: `pass the chain id instead, e.g. --chain ${match.ambiguous[0]!.id}` });
  }
  const id = chainIdOf(query);
  // The PRO API serves chains by id: an id we have no entry for is still a usable target there.
  if (id !== undefined && pro) return { id, name: `chain ${id}`, names: [], explorer: '', coin: null, testnet: false, source: 'registry' };
  const refresh = cached().length === 0 ? '; `scout chains --refresh` fetches the full registry' : '';
  if (id !== undefined) {
    throw new UsageError(`unknown chain id ${id}${from}`, { hint: `\`scout chains\` lists the known chains${refresh}; --base-url <url> reaches any explorer` });
  }
  const near = nearestNames(query, [...BUILTIN_CHAINS, ...cached()]);
  throw new UsageError(`unknown chain "${shown(query)}"${from}`, { hint: `did you mean ${near.map((n) => shown(n)).join(', ')}? (\`scout chains\` lists them${refresh})` });
}

/** Resolves and validates the global settings. Throws UsageError on bad values or a broken config file. */
export function resolveSettings(flags: GlobalFlags, env: Env): Settings {
  const configFile = readConfigFile(configPath(env));
  const file = configFile.values;
  const inFile = (key: keyof typeof file): Sourced | undefined => {
    const v = file[key];
    return v === undefined ? undefined : { value: String(v), from: `"${key}" in ${shown(configFile.path, 200)}` };
  };
  const warnings = [...configFile.warnings];

  const adminUrl = checkUrl(layered(flagValue(flags.adminUrl, '--admin-url'), envValue(env, 'SCOUT_ADMIN_URL'), inFile('admin-url')) ?? { value: DEFAULT_ADMIN_URL, from: '--admin-url' });

  const timeout = layered(flagValue(flags.timeout, '--timeout'), envValue(env, 'SCOUT_TIMEOUT'), inFile('timeout')) ?? { value: '30', from: '--timeout' };
  const seconds = Number(timeout.value);
  if (!/^\d+(\.\d+)?$/.test(timeout.value.trim()) || !(seconds > 0)) {
    throw new UsageError(`invalid ${timeout.from} "${shown(timeout.value)}": expected a number of seconds above 0`);
  }
  if (seconds > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`invalid ${timeout.from} "${timeout.value}": the longest timeout is ${MAX_TIMEOUT_SECONDS} seconds (about 24 days)`);
  }
  const retries = layered(flagValue(flags.retries, '--retries'), undefined, inFile('retries')) ?? { value: '3', from: '--retries' };
  if (!/^\d+$/.test(retries.value.trim()) || Number(retries.value) > 20) {
    throw new UsageError(`invalid ${retries.from} "${shown(retries.value)}": expected a whole number from 0 to 20`);
  }

  const maxBody = layered(flagValue(flags.maxBody, '--max-body'), envValue(env, 'SCOUT_MAX_BODY'), inFile('max-body'));
  const maxBodyBytes = maxBody ? parseSize(maxBody.value, maxBody.from, MAX_BODY_LIMIT) : undefined;

  const explorerKeySource = layered(flagValue(flags.explorerKey, '--explorer-key'), envValue(env, 'SCOUT_EXPLORER_KEY'), inFile('explorer-key'));
  const explorerKey = explorerKeySource?.value.trim() || undefined;
  const proSource = flags.pro ? { value: '1', from: '--pro' } : (envValue(env, 'SCOUT_PRO') ?? (file.pro !== undefined ? { value: file.pro ? '1' : '0', from: `"pro" in ${shown(configFile.path, 200)}` } : undefined));
  const pro = proSource ? parseBool(proSource) : false;
  const insecure = resolveInsecure(flags, env, configFile);

  // The explorer: the highest level naming a base URL or a chain decides (see the header).
  const levels = [
    { base: flagValue(flags.baseUrl, '--base-url'), chain: flagValue(flags.chain, '--chain') },
    { base: envValue(env, 'SCOUT_BASE_URL'), chain: envValue(env, 'SCOUT_CHAIN') },
    { base: inFile('base-url'), chain: inFile('chain') },
  ];
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
      if (flags.pro) {
        const from = level.base.from === '--base-url' ? '' : ` (${level.base.from} names one)`;
        throw new UsageError(`--pro works with --chain <id|name>, not with a base URL${from}`);
      }
      const baseUrl = checkUrl(level.base);
      const chain = level.chain ? resolveChain(level.chain, env, warnings, false) : chainForExplorer(baseUrl);
      target = { baseUrl, pro: false, chain, coin: chain?.coin ?? 'ETH' };
    } else {
      const chain = level?.chain ? resolveChain(level.chain, env, warnings, pro) : BUILTIN_CHAINS[0]!;
      if (pro) {
        const root = checkUrl(envValue(env, 'SCOUT_PRO_URL') ?? { value: DEFAULT_PRO_URL, from: 'SCOUT_PRO_URL' });
        if (!chain.id) throw new UsageError(`the PRO API needs a chain id, and the registry gives none for "${shown(chain.name)}"`);
        target = { baseUrl: `${root}/${chain.id}`, pro: true, chain, coin: chain.coin ?? 'ETH' };
      } else {
        target = { baseUrl: chain.explorer, pro: false, chain, coin: chain.coin ?? 'ETH' };
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
    placed ??= { ...target, ...explorerKeyFor(target, named, insecure, keySources(flags, env, configFile)) };
    return placed;
  };

  const apiKeyFile = flags.apiKeyFile;
  let adminKeyCache: string | undefined | null = null;
  const adminKey = (): string | undefined => {
    if (adminKeyCache !== null) return adminKeyCache;
    let key = flags.apiKey;
    if (key === undefined && apiKeyFile !== undefined) key = readKeyFile(apiKeyFile);
    key ??= env.SCOUT_ADMIN_KEY || file['api-key'];
    const from = flags.apiKey !== undefined ? '--api-key' : apiKeyFile !== undefined ? '--api-key-file' : env.SCOUT_ADMIN_KEY ? 'SCOUT_ADMIN_KEY' : `"api-key" in ${configFile.path}`;
    checkKey(key?.trim(), `admin key (${from})`);
    adminKeyCache = key?.trim() || undefined;
    return adminKeyCache;
  };

  return {
    explorer,
    get baseUrl() {
      return explorer().baseUrl;
    },
    coin: target?.coin ?? 'ETH',
    explorerKey,
    insecure,
    adminUrl,
    timeoutMs: seconds * 1000,
    retries: Number(retries.value),
    maxBodyBytes,
    verbose: Boolean(flags.verbose),
    adminKey,
    secrets: () => {
      // Every key any source holds, used or not: none of them may ever be printed. The key file is
      // not read for this: it is read only when an admin command needs it (a FIFO or a slow mount
      // must not hold up explorer commands); the admin session adds that key once it has it.
      const s = [flags.explorerKey, env.SCOUT_EXPLORER_KEY, file['explorer-key'], flags.apiKey, env.SCOUT_ADMIN_KEY, file['api-key']];
      s.push(...Object.values(file.chains ?? {}).map((c) => c['explorer-key']));
      if (adminKeyCache) s.push(adminKeyCache);
      return [...new Set(s.map((k) => k?.trim()).filter((k): k is string => !!k))];
    },
    warnings,
    configFile,
  };
}

/** The longest `--chain` value looked up. */
export const MAX_CHAIN_LENGTH = 100;

/** Reads `--api-key-file`: a regular file of at most 64 KiB, else one line saying why not. */
function readKeyFile(path: string): string {
  let key: string;
  try {
    key = readSmallFile(path).trim();
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    throw new UsageError(`cannot read --api-key-file "${shown(path, 200)}": ${e.message}`);
  }
  if (!key) throw new UsageError(`--api-key-file "${shown(path, 200)}" is empty`);
  return key;
}

/** `--insecure`, SCOUT_INSECURE, `"insecure"` in the file: explorer and PRO keys may go over plain http://. */
function resolveInsecure(flags: GlobalFlags, env: Env, configFile: ConfigFile): boolean {
  if (flags.insecure) return true;
  const fromEnv = envValue(env, 'SCOUT_INSECURE');
  if (fromEnv) return parseBool(fromEnv);
  return configFile.values.insecure === true;
}

/** Where an explorer key may come from, each with the name used in messages. */
export interface KeySources {
  /** `--explorer-key` on this command line: the user chose it for this very command. */
  flag: string | undefined;
  /** SCOUT_EXPLORER_KEY, else `"explorer-key"` in the file: set once for every explorer. */
  global: Sourced | undefined;
  /** `"chains": {"<name>": {"explorer-key": …}}` in the file. */
  perChain: Readonly<Record<string, { 'explorer-key'?: string }>>;
  configPath: string;
}

function keySources(flags: GlobalFlags, env: Env, configFile: ConfigFile): KeySources {
  const flag = flags.explorerKey?.trim() || undefined;
  const fileKey = configFile.values['explorer-key'];
  const global = envValue(env, 'SCOUT_EXPLORER_KEY') ?? (fileKey ? { value: fileKey, from: `"explorer-key" in ${shown(configFile.path, 200)}` } : undefined);
  return { flag, global: global && global.value.trim() ? { ...global, value: global.value.trim() } : undefined, perChain: configFile.values.chains ?? {}, configPath: configFile.path };
}

/**
 * Which explorer key goes to `target`, if any (CONTRACT.md, Global options; README, Security).
 *
 * - `--explorer-key` on the command line goes wherever this command goes.
 * - A key configured for the chain (`chains.<name>.explorer-key`) goes to that chain's explorer
 *   when `--chain` picked it, and wins there over a global key.
 * - A global key (SCOUT_EXPLORER_KEY, `explorer-key` in the file) goes to Blockscout-hosted
 *   explorers (`*.blockscout.com`, the PRO API) and to a base URL the user named, never to a
 *   self-hosted explorer picked from the registry by `--chain`: anyone can list an explorer there.
 *   Withheld, the request goes without a key and `withheld` says why (for --verbose).
 * - Any key over plain http:// to a host other than loopback is a usage error unless --insecure.
 */
export function explorerKeyFor(target: ExplorerTarget, named: boolean, insecure: boolean, sources: KeySources): { key: string | undefined; withheld?: string | undefined } {
  let key: string | undefined;
  let withheld: string | undefined;
  const perChain = !named && !target.pro && target.chain ? Object.entries(sources.perChain).find(([name, c]) => c['explorer-key'] && chainAnswersTo(target.chain!, name)) : undefined;
  if (sources.flag) key = sources.flag;
  else if (perChain) key = perChain[1]['explorer-key'];
  else if (sources.global) {
    if (named || target.pro || isBlockscoutHosted(target.baseUrl)) key = sources.global.value;
    else {
      const host = hostOf(target.baseUrl);
      const name = target.chain ? shown(target.chain.names[0] ?? target.chain.id ?? target.chain.name) : 'the chain';
      withheld =
        `not sending the explorer key from ${sources.global.from} to ${host}: a global key goes only to Blockscout-hosted explorers and to a base URL you name, ` +
        `not to a self-hosted one picked by chain (set "chains" › "${name}" › "explorer-key" in ${shown(sources.configPath, 200)}, or pass --explorer-key)`;
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
