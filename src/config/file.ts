/**
 * The config file (CONTRACT.md, Global options): a JSON object whose keys are the long option names.
 * A file that cannot be read or is not such an object is a usage error naming the file; a key we do
 * not know is a warning (a newer scout may know it); a file holding a key that other users can read
 * is a warning too. Values are never echoed: some of them are secrets.
 */
import { readFileSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** Values from the file, normalised to the strings a flag would carry (`pro` stays a boolean). */
export interface ConfigValues {
  'base-url'?: string;
  chain?: string;
  'explorer-key'?: string;
  pro?: boolean;
  'admin-url'?: string;
  'api-key'?: string;
  timeout?: string;
  retries?: string;
  'max-body'?: string;
}

export interface ConfigFile {
  path: string;
  /** False when there is no file (not an error: everything has a default). */
  exists: boolean;
  values: ConfigValues;
  warnings: string[];
}

type Kind = 'string' | 'chain' | 'number' | 'boolean';
const KEYS: Record<keyof ConfigValues, Kind> = {
  'base-url': 'string',
  chain: 'chain',
  'explorer-key': 'string',
  pro: 'boolean',
  'admin-url': 'string',
  'api-key': 'string',
  timeout: 'number',
  retries: 'number',
  'max-body': 'number',
};

/** The keys a config file may hold. */
export const CONFIG_KEYS = Object.keys(KEYS) as (keyof ConfigValues)[];
const SECRET_KEYS: (keyof ConfigValues)[] = ['explorer-key', 'api-key'];

function broken(path: string, why: string): UsageError {
  return new UsageError(`invalid config file ${path}: ${why}`, { hint: 'fix it or move it away; `scout help environment` lists the keys' });
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
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, exists: false, values: {}, warnings: [] };
    throw new UsageError(`cannot read config file ${path}: ${code === 'EISDIR' ? 'it is a directory' : (code ?? (e as Error).message)}`);
  }
  text = text.replace(/^\uFEFF/, '');
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
    const kind = KEYS[key as keyof ConfigValues];
    if (!kind) {
      const near = nearestKey(key);
      warnings.push(`ignoring unknown key "${key}" in ${path}${near ? ` (did you mean "${near}"?)` : ''}`);
      continue;
    }
    if (value === null) continue; // null unsets a key
    const k = key as keyof ConfigValues;
    if (kind === 'boolean') {
      if (typeof value !== 'boolean') throw broken(path, `"${key}" must be true or false`);
      values.pro = value;
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

  if (SECRET_KEYS.some((k) => values[k] !== undefined) && process.platform !== 'win32') {
    try {
      if (statSync(path).mode & 0o044) {
        warnings.push(`${path} holds a key and other users can read it; run: chmod 600 ${path}`);
      }
    } catch {
      // It was readable a moment ago; a stat failure here is not worth refusing the command.
    }
  }
  return { path, exists: true, values, warnings };
}
