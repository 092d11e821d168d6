/**
 * Global settings (CONTRACT.md, Global options), resolved and checked before any request.
 *
 * Precedence, key by key: flag, then `SCOUT_*` environment, then the config file, then the default.
 * The explorer is chosen by level, not key by key: the highest level (flag, environment, file) that
 * names a base URL or a chain decides, and within one level a base URL wins over a chain. So
 * `--chain base` beats `SCOUT_BASE_URL` and a `base-url` in the file, and `--base-url` beats
 * everything. A chain named beside the winning base URL still labels values with its coin.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { keyProblem, parseSize } from '../validate.js';
import { BUILTIN_CHAINS, type Chain, chainForExplorer, chainIdOf, findChain, nearestNames } from './chains.js';
import { type ConfigFile, readConfigFile } from './file.js';
import { chainsCachePath, configPath } from './paths.js';
import { readChainsCache } from './registry.js';

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
}

export interface Settings {
  /** Where explorer requests go; throws UsageError (bad URL, unknown chain, --pro without a key). */
  explorer(): ExplorerTarget;
  /** `explorer().baseUrl`. */
  readonly baseUrl: string;
  /** The coin that labels values: the chosen chain's, else ETH. Never throws. */
  coin: string;
  explorerKey: string | undefined;
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
  let u: URL;
  const bad = () => new UsageError(`invalid ${what} "${s.value}": expected an http:// or https:// URL`);
  try {
    u = new URL(s.value);
  } catch {
    throw bad();
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad();
  if (u.username || u.password) throw new UsageError(`invalid ${what}: credentials in the URL are not supported`);
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
  throw new UsageError(`invalid ${s.from} "${s.value}": expected 1 or 0`);
}

/** Resolves `--chain` to a known chain, or throws a usage error that names the nearest ones. */
function resolveChain(q: Sourced, env: Env, warnings: string[], pro: boolean): Chain {
  let cache: readonly Chain[] | undefined;
  const cached = () => (cache ??= readChainsCache(chainsCachePath(env), (w) => warnings.push(w))?.chains ?? []);
  const query = q.value.trim();
  if (!query) throw new UsageError(`invalid ${q.from}: empty chain name`);
  // Say where a chain that is not on the command line came from: the user may not remember setting it.
  const from = q.from === '--chain' ? '' : ` (from ${q.from})`;
  const match = findChain(query, cached);
  if (match && 'chain' in match) return match.chain;
  if (match) {
    const ids = match.ambiguous.map((c) => `${c.id} (${c.name})`).join(', ');
    throw new UsageError(`chain "${query}"${from} is ambiguous: ${ids}`, { hint: `pass the chain id instead, e.g. --chain ${match.ambiguous[0]!.id}` });
  }
  const id = chainIdOf(query);
  // The PRO API serves chains by id: an id we have no entry for is still a usable target there.
  if (id !== undefined && pro) return { id, name: `chain ${id}`, names: [], explorer: '', coin: null, testnet: false, source: 'registry' };
  const refresh = cached().length === 0 ? '; `scout chains --refresh` fetches the full registry' : '';
  if (id !== undefined) {
    throw new UsageError(`unknown chain id ${id}${from}`, { hint: `\`scout chains\` lists the known chains${refresh}; --base-url <url> reaches any explorer` });
  }
  const near = nearestNames(query, [...BUILTIN_CHAINS, ...cached()]);
  throw new UsageError(`unknown chain "${query}"${from}`, { hint: `did you mean ${near.join(', ')}? (\`scout chains\` lists them${refresh})` });
}

/** Resolves and validates the global settings. Throws UsageError on bad values or a broken config file. */
export function resolveSettings(flags: GlobalFlags, env: Env): Settings {
  const configFile = readConfigFile(configPath(env));
  const file = configFile.values;
  const inFile = (key: keyof typeof file): Sourced | undefined => {
    const v = file[key];
    return v === undefined ? undefined : { value: String(v), from: `"${key}" in ${configFile.path}` };
  };
  const warnings = [...configFile.warnings];

  const adminUrl = checkUrl(layered(flagValue(flags.adminUrl, '--admin-url'), envValue(env, 'SCOUT_ADMIN_URL'), inFile('admin-url')) ?? { value: DEFAULT_ADMIN_URL, from: '--admin-url' });

  const timeout = layered(flagValue(flags.timeout, '--timeout'), envValue(env, 'SCOUT_TIMEOUT'), inFile('timeout')) ?? { value: '30', from: '--timeout' };
  const seconds = Number(timeout.value);
  if (!/^\d+(\.\d+)?$/.test(timeout.value.trim()) || !(seconds > 0)) {
    throw new UsageError(`invalid ${timeout.from} "${timeout.value}": expected a number of seconds above 0`);
  }
  if (seconds > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`invalid ${timeout.from} "${timeout.value}": the longest timeout is ${MAX_TIMEOUT_SECONDS} seconds (about 24 days)`);
  }
  const retries = layered(flagValue(flags.retries, '--retries'), undefined, inFile('retries')) ?? { value: '3', from: '--retries' };
  if (!/^\d+$/.test(retries.value.trim()) || Number(retries.value) > 20) {
    throw new UsageError(`invalid ${retries.from} "${retries.value}": expected a whole number from 0 to 20`);
  }

  const maxBody = layered(flagValue(flags.maxBody, '--max-body'), envValue(env, 'SCOUT_MAX_BODY'), inFile('max-body'));
  const maxBodyBytes = maxBody ? parseSize(maxBody.value, maxBody.from, MAX_BODY_LIMIT) : undefined;

  const explorerKeySource = layered(flagValue(flags.explorerKey, '--explorer-key'), envValue(env, 'SCOUT_EXPLORER_KEY'), inFile('explorer-key'));
  const explorerKey = explorerKeySource?.value.trim() || undefined;
  const proSource = flags.pro ? { value: '1', from: '--pro' } : (envValue(env, 'SCOUT_PRO') ?? (file.pro !== undefined ? { value: file.pro ? '1' : '0', from: `"pro" in ${configFile.path}` } : undefined));
  const pro = proSource ? parseBool(proSource) : false;

  // The explorer: the highest level naming a base URL or a chain decides (see the header).
  const levels = [
    { base: flagValue(flags.baseUrl, '--base-url'), chain: flagValue(flags.chain, '--chain') },
    { base: envValue(env, 'SCOUT_BASE_URL'), chain: envValue(env, 'SCOUT_CHAIN') },
    { base: inFile('base-url'), chain: inFile('chain') },
  ];
  const level = levels.find((l) => l.base || l.chain);
  let target: ExplorerTarget | undefined;
  let targetError: unknown;
  try {
    if (level?.base) {
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
        if (!chain.id) throw new UsageError(`the PRO API needs a chain id, and the registry gives none for "${chain.name}"`);
        target = { baseUrl: `${root}/${chain.id}`, pro: true, chain, coin: chain.coin ?? 'ETH' };
      } else {
        target = { baseUrl: chain.explorer, pro: false, chain, coin: chain.coin ?? 'ETH' };
      }
    }
  } catch (e) {
    targetError = e;
  }
  const explorer = (): ExplorerTarget => {
    if (!target) throw targetError;
    checkKey(explorerKey, `explorer key (${explorerKeySource?.from})`);
    if (target.pro && !explorerKey) {
      throw new UsageError('the PRO API needs an explorer key', { hint: 'pass --explorer-key, set SCOUT_EXPLORER_KEY, or put "explorer-key" in the config file' });
    }
    return target;
  };

  const apiKeyFile = flags.apiKeyFile;
  let adminKeyCache: string | undefined | null = null;
  const adminKey = (): string | undefined => {
    if (adminKeyCache !== null) return adminKeyCache;
    let key = flags.apiKey;
    if (key === undefined && apiKeyFile !== undefined) {
      try {
        key = readFileSync(apiKeyFile, 'utf8').trim();
      } catch (e) {
        throw new UsageError(`cannot read --api-key-file "${apiKeyFile}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      if (!key) throw new UsageError(`--api-key-file "${apiKeyFile}" is empty`);
    }
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
    adminUrl,
    timeoutMs: seconds * 1000,
    retries: Number(retries.value),
    maxBodyBytes,
    verbose: Boolean(flags.verbose),
    adminKey,
    secrets: () => {
      // Every key any source holds, used or not: none of them may ever be printed.
      const s = [flags.explorerKey, env.SCOUT_EXPLORER_KEY, file['explorer-key'], flags.apiKey, env.SCOUT_ADMIN_KEY, file['api-key']];
      try {
        s.push(adminKey());
      } catch {
        // An unreadable key file is reported by the admin command itself.
      }
      return [...new Set(s.map((k) => k?.trim()).filter((k): k is string => !!k))];
    },
    warnings,
    configFile,
  };
}
