/**
 * The config file (docs/cli-contract.md, Global options): a JSON object whose keys are the long option
 * names. A file that cannot be read or is not such an object is a usage error naming the file; a key we
 * do not know is a warning (a newer scout may know it); a file holding a key that other users can read
 * is a warning too. Values are never echoed: some of them are secrets. Keys and the path are echoed
 * only as safe text. The file must be a regular file of at most 64 KiB (a FIFO or /dev/zero put there
 * must not hang or exhaust scout).
 *
 * Per-chain keys live under `chains`: `{"chains": {"my-chain": {"explorer-key": "…"}}}`, keyed by a
 * chain name or id as `--chain` takes it, and bound to an origin: the chain's `base-url` beside it, else
 * the built-in chain's explorer (keys.ts, explorerKeyFor). No key goes to an origin only the
 * registry names.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../base/errors.js';
import { withoutBom } from '../base/text/bom.js';
import { RESERVED_KEYS } from '../base/validate.js';
import { type ConfigKey, type ConfigSettingValues, SETTINGS, type SettingKind, type SettingSpec } from './setting-table.js';
import { withFileLock } from './lock.js';
import { FileRefused, readableByOthers, readSmallFile } from './small-file.js';
import { shown } from './url.js';
import { echo } from '../base/text/echo.js';

/** What the file may say about one chain. */
export interface ChainConfig {
  'explorer-key'?: string;
  /**
   * The explorer the chain's key is bound to: the key goes only to this URL's origin (scheme, host,
   * port), whatever explorer the registry lists for the chain.
   */
  'base-url'?: string;
}

/**
 * Values from the file, normalised to the strings a flag would carry (switches stay booleans): the
 * settings table's config keys, plus per-chain settings keyed by the chain name or id as written.
 */
export interface ConfigValues extends ConfigSettingValues {
  chains?: Record<string, ChainConfig>;
}

export interface ConfigFile {
  path: string;
  /** False when there is no file (not an error: everything has a default). */
  exists: boolean;
  values: ConfigValues;
  warnings: string[];
}

/** The JSON a key takes: from the setting's kind in the table; `chains` is a section of its own. */
type Kind = 'string' | 'chain' | 'number' | 'boolean' | 'chains';
const JSON_KIND: Record<SettingKind, Kind> = { url: 'string', key: 'string', path: 'string', chain: 'chain', count: 'number', size: 'number', duration: 'number', switch: 'boolean', when: 'string', time: 'string' };
const CONFIG_SETTINGS = (SETTINGS as readonly SettingSpec[]).filter((s) => s.config);
const KEYS: Readonly<Record<string, Kind>> = { ...Object.fromEntries(CONFIG_SETTINGS.map((s) => [s.name, JSON_KIND[s.kind]])), chains: 'chains' };

/** The keys a config file may hold. */
export const CONFIG_KEYS = Object.keys(KEYS) as (keyof ConfigValues)[];
const SECRET_KEYS = CONFIG_SETTINGS.filter((s) => s.secret).map((s) => s.name as ConfigKey);

function broken(path: string, why: string): UsageError {
  return new UsageError(`invalid config file ${shown(path, 200)}: ${why}`, { hint: 'fix it or move it away', see: 'scout help environment' });
}

/** Where a JSON.parse failure happened, as "line L, column C" (never the text around it: it may hold a key). */
function jsonErrorPlace(text: string, e: unknown): string {
  const m = /position (\d+)/.exec((e as Error).message);
  if (!m) return 'not valid JSON';
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `not valid JSON (line ${line}, column ${column})`;
}

function nearestKey(key: string): string | undefined {
  const k = key.toLowerCase().replace(/[_\s]/g, '-').replace(/^-+/, '');
  return CONFIG_KEYS.find((c) => c === k || c.replace(/-/g, '') === k.replace(/-/g, ''));
}

/** Reads and checks the config file at `path`. Throws UsageError when it is broken. */
export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    text = readSmallFile(path);
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    if (e.code === 'ENOENT') return { path, exists: false, values: {}, warnings: [] };
    throw new UsageError(`cannot read config file ${shown(path, 200)}: ${e.message}`);
  }
  text = withoutBom(text);
  if (!text.trim()) return { path, exists: true, values: {}, warnings: [] };

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw broken(path, jsonErrorPlace(text, e));
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw broken(path, 'expected a JSON object such as {"chain": "base"}');

  const values: ConfigValues = {};
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const kind = Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
    if (!kind) {
      const near = nearestKey(key);
      warnings.push(`ignoring unknown key ${echo(key)} in ${shown(path, 200)}${near ? ` (did you mean "${near}"?)` : ''}`);
      continue;
    }
    if (value === null) continue; // null unsets a key
    const k = key as keyof ConfigValues;
    if (kind === 'boolean') {
      if (typeof value !== 'boolean') throw broken(path, `"${key}" must be true or false`);
      (values as Record<string, boolean>)[k] = value;
    } else if (kind === 'chains') {
      values.chains = chainsSection(path, value, warnings);
    } else if (kind === 'number') {
      if (typeof value === 'number' && Number.isFinite(value)) (values as Record<string, string>)[k] = String(value);
      else if (typeof value === 'string' && value.trim()) (values as Record<string, string>)[k] = value.trim();
      else throw broken(path, `"${key}" must be a number`);
    } else if (kind === 'chain') {
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) values.chain = String(value);
      else if (typeof value === 'string') {
        if (value.trim()) values.chain = value.trim();
      } else throw broken(path, `"${key}" must be a chain name or id`);
    } else {
      if (typeof value !== 'string') throw broken(path, `"${key}" must be a string`);
      if (value.trim()) (values as Record<string, string>)[k] = value.trim();
    }
  }

  const perChainKey = Object.values(values.chains ?? {}).some((c) => c['explorer-key'] !== undefined);
  if (perChainKey || SECRET_KEYS.some((k) => values[k] !== undefined)) {
    const warning = readableByOthers(path, shown(path, 200));
    if (warning) warnings.push(warning);
  }
  return { path, exists: true, values, warnings };
}

/** `"chains": {"<name or id>": {"explorer-key": "…"}}`: checked like the top level. */
function chainsSection(path: string, value: unknown, warnings: string[]): Record<string, ChainConfig> {
  const example = 'expected an object such as {"chains": {"my-chain": {"explorer-key": "…"}}}';
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw broken(path, `"chains" must be an object: ${example}`);
  // No prototype: a chain's name is only ever a key here, whatever it is.
  const out: Record<string, ChainConfig> = Object.create(null) as Record<string, ChainConfig>;
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    const where = `"chains" › ${echo(name)}`;
    if (entry === null) continue;
    if (RESERVED_KEYS.has(name.trim())) {
      warnings.push(`ignoring ${where} in ${shown(path, 200)}: ${[...RESERVED_KEYS].join(', ')} cannot name a chain`);
      continue;
    }
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw broken(path, `${where} must be an object: ${example}`);
    if (!name.trim()) throw broken(path, `"chains" holds an empty chain name`);
    const c: ChainConfig = {};
    for (const [key, v] of Object.entries(entry as Record<string, unknown>)) {
      if (key !== 'explorer-key' && key !== 'base-url') {
        warnings.push(`ignoring unknown key ${where} › ${echo(key)} in ${shown(path, 200)} (a chain takes "explorer-key" and "base-url")`);
        continue;
      }
      if (v === null) continue;
      if (typeof v !== 'string') throw broken(path, `${where} › "${key}" must be a string`);
      if (v.trim()) c[key] = v.trim();
    }
    out[name.trim()] = c;
  }
  return out;
}

/** What a chain's entry in the file holds, as `chains.<name>.<field>` names it. */
export const CHAIN_FIELDS = ['explorer-key', 'base-url'] as const;
export type ChainField = (typeof CHAIN_FIELDS)[number];

/** `chains.<name>.<field>`: a per-chain value as `scout config get|set|list` name it. */
export function chainKeyName(chain: string, field: ChainField = 'explorer-key'): string {
  return `chains.${chain}.${field}`;
}

/** The chain and field of a `chains.<name>.<field>` name, if it is one. */
export function chainOfKeyName(name: string): { chain: string; field: ChainField } | undefined {
  const m = /^chains\.(.+)\.(explorer-key|base-url)$/s.exec(name);
  return m && m[1]!.trim() ? { chain: m[1]!.trim(), field: m[2] as ChainField } : undefined;
}

/** One value the file holds, as `scout config list` prints it. */
export interface ConfigEntry {
  /** A config key, or `chains.<name>.explorer-key` / `.base-url`. */
  name: string;
  value: string;
  secret: boolean;
}

/** What the file holds, in table order, then the per-chain keys. */
export function configEntries(values: ConfigValues): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  for (const s of CONFIG_SETTINGS) {
    const v = (values as Record<string, string | boolean | undefined>)[s.name];
    if (v !== undefined) entries.push({ name: s.name, value: String(v), secret: s.secret === true });
  }
  for (const [chain, c] of Object.entries(values.chains ?? {})) {
    if (c['explorer-key'] !== undefined) entries.push({ name: chainKeyName(chain), value: c['explorer-key'], secret: true });
    if (c['base-url'] !== undefined) entries.push({ name: chainKeyName(chain, 'base-url'), value: c['base-url'], secret: false });
  }
  return entries;
}

/**
 * Sets `name` (a config key, or `chains.<name>.explorer-key` / `.base-url`) to `value` in the config
 * file at `path`, keeping everything else it holds; creates the file (mode 0600, its directory 0700)
 * when there is none. A file that does not read as a config file is refused, never overwritten. The new
 * text is written beside the file and renamed over it, so a reader never sees half of it and the file
 * ends up mode 0600 whatever it was.
 */
export function writeConfigValue(path: string, name: string, value: string | number | boolean): void {
  changeConfigValue(path, name, value);
}

/**
 * Removes `name` from the config file at `path` (a chain's entry goes once it holds nothing); false
 * when the file did not hold it, and then nothing is written.
 */
export function removeConfigValue(path: string, name: string): boolean {
  return changeConfigValue(path, name, undefined);
}

/** Sets `name` to `value`, or removes it (undefined): true when the file changed. */
function changeConfigValue(path: string, name: string, value: string | number | boolean | undefined): boolean {
  const { chain, field } = chainOfKeyName(name) ?? {};
  if (chain !== undefined && RESERVED_KEYS.has(chain)) throw new UsageError(`invalid chain name ${echo(chain)}: ${[...RESERVED_KEYS].join(', ')} cannot name a chain`);
  const dir = dirname(path);
  if (value === undefined && !readConfigFile(path).exists) return false;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Read, change and write under a lock, so a set that runs beside another keeps both.
  return withFileLock(path, () => {
    const current = readConfigFile(path);
    // JSON.parse makes every key an own property, `__proto__` too; what is set here is never one.
    let data: Record<string, unknown> = {};
    if (current.exists) {
      const text = withoutBom(readSmallFile(path));
      if (text.trim()) data = JSON.parse(text) as Record<string, unknown>;
    }
    if (chain !== undefined && field !== undefined) {
      const own = Object.hasOwn(data, 'chains') && data.chains && typeof data.chains === 'object' && !Array.isArray(data.chains);
      if (value === undefined && !own) return false;
      const chains = (own ? data.chains : (data.chains = {})) as Record<string, unknown>;
      const entry = Object.hasOwn(chains, chain) ? chains[chain] : undefined;
      const fields: Record<string, unknown> = { ...(entry && typeof entry === 'object' ? entry : {}) };
      if (value === undefined) {
        if (!Object.hasOwn(fields, field)) return false;
        delete fields[field];
      } else fields[field] = value;
      if (Object.keys(fields).length) chains[chain] = fields;
      else delete chains[chain];
      if (Object.keys(chains).length === 0) delete data.chains;
    } else if (value === undefined) {
      if (!Object.hasOwn(data, name)) return false;
      delete data[name];
    } else data[name] = value;
    const temp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(data, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
      renameSync(temp, path);
    } catch (e) {
      rmSync(temp, { force: true });
      throw new UsageError(`cannot write config file ${shown(path, 200)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return true;
  });
}
