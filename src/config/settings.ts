/**
 * Global settings from flags and environment (CONTRACT.md, Global options), resolved and checked
 * before any request. Precedence: flag, then environment, then the default.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';

export const DEFAULT_BASE_URL = 'https://eth.blockscout.com';
export const DEFAULT_ADMIN_URL = 'https://merits.blockscout.com';

/** Global options as commander hands them over. */
export interface GlobalFlags {
  baseUrl?: string;
  explorerKey?: string;
  adminUrl?: string;
  apiKey?: string;
  apiKeyFile?: string;
  timeout?: string;
  retries?: string;
  verbose?: boolean;
  color?: boolean;
}

export interface Settings {
  baseUrl: string;
  explorerKey: string | undefined;
  adminUrl: string;
  timeoutMs: number;
  retries: number;
  verbose: boolean;
  /** Reads the admin key only when an admin command asks (the file may not exist otherwise). */
  adminKey(): string | undefined;
  /** Every key known, for redaction. */
  secrets(): string[];
}

type Env = Readonly<Record<string, string | undefined>>;

function pick(flag: string | undefined, env: string | undefined): string | undefined {
  if (flag !== undefined) return flag;
  if (env !== undefined && env !== '') return env;
  return undefined;
}

function checkUrl(value: string, name: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new UsageError(`invalid ${name} "${value}": expected an http:// or https:// URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new UsageError(`invalid ${name} "${value}": expected an http:// or https:// URL`);
  }
  if (u.username || u.password) throw new UsageError(`invalid ${name}: credentials in the URL are not supported`);
  return u.origin + u.pathname.replace(/\/+$/, '');
}

/** Resolves and validates the global settings. Throws UsageError on bad values. */
export function resolveSettings(flags: GlobalFlags, env: Env): Settings {
  const baseUrl = checkUrl(pick(flags.baseUrl, env.SCOUT_BASE_URL) ?? DEFAULT_BASE_URL, '--base-url');
  const adminUrl = checkUrl(pick(flags.adminUrl, env.SCOUT_ADMIN_URL) ?? DEFAULT_ADMIN_URL, '--admin-url');

  const timeoutText = pick(flags.timeout, env.SCOUT_TIMEOUT) ?? '30';
  const timeout = Number(timeoutText);
  if (!/^\d+(\.\d+)?$/.test(timeoutText.trim()) || !(timeout > 0)) {
    throw new UsageError(`invalid --timeout "${timeoutText}": expected a number of seconds above 0`);
  }
  const retriesText = flags.retries ?? '3';
  if (!/^\d+$/.test(retriesText.trim()) || Number(retriesText) > 20) {
    throw new UsageError(`invalid --retries "${retriesText}": expected a whole number from 0 to 20`);
  }

  const explorerKey = pick(flags.explorerKey, env.SCOUT_EXPLORER_KEY);
  let adminKeyCache: string | undefined | null = null;
  const adminKey = (): string | undefined => {
    if (adminKeyCache !== null) return adminKeyCache;
    let key = flags.apiKey;
    if (key === undefined && flags.apiKeyFile !== undefined) {
      try {
        key = readFileSync(flags.apiKeyFile, 'utf8').trim();
      } catch (e) {
        throw new UsageError(`cannot read --api-key-file "${flags.apiKeyFile}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      if (!key) throw new UsageError(`--api-key-file "${flags.apiKeyFile}" is empty`);
    }
    key ??= env.SCOUT_ADMIN_KEY || undefined;
    adminKeyCache = key?.trim() || undefined;
    return adminKeyCache;
  };

  return {
    baseUrl,
    explorerKey,
    adminUrl,
    timeoutMs: timeout * 1000,
    retries: Number(retriesText),
    verbose: Boolean(flags.verbose),
    adminKey,
    secrets: () => {
      const s: string[] = [];
      if (explorerKey) s.push(explorerKey);
      try {
        const a = adminKey();
        if (a) s.push(a);
      } catch {
        // An unreadable key file is reported by the admin command itself.
      }
      return s;
    },
  };
}
