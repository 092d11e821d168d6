/**
 * The runs of `scout config get|set|unset|list`. They read settings from their sources (a flag, a
 * SCOUT_* variable, the config file, the default) without resolving them: a bad SCOUT_* variable
 * must not stop anyone from fixing the file, and no request is made. Keys are printed as *** unless
 * --show-secrets asks for them; every value printed is made safe for the terminal, like anything
 * else read from a file or the environment.
 */
import { chainOfKeyName, type ConfigFile, configEntries, readConfigFile, removeConfigValue, writeConfigValue } from '../../config/file.js';
import { configPath } from '../../config/paths.js';
import { type ConfigKey, SETTINGS, type SettingSpec, flagName } from '../../config/setting-table.js';
import { configValue } from '../../config/settings.js';
import { sources } from '../../config/sources.js';
import { shown, withoutCredentials } from '../../config/url.js';
import { safeText } from '../../base/text/safe.js';
import type { Invocation } from '../../kit/invocation.js';

const MASK = '***';
const CONFIG = (SETTINGS as readonly SettingSpec[]).filter((s) => s.config);

/** A key's effective value and where it comes from: `SCOUT_TIMEOUT`, `flag --chain`, `config file`, `default`. */
interface Effective {
  name: string;
  value: string | undefined;
  source: string;
  secret: boolean;
  /** A URL: a user name or password in it is masked like a key. */
  url?: boolean;
}

/** The config file, its warnings said on stderr first. */
async function file(inv: Invocation): Promise<ConfigFile> {
  const { io } = inv.env;
  const f = readConfigFile(configPath(io.env));
  for (const w of f.warnings) await io.err.write(`scout: warning: ${w}\n`);
  return f;
}

/** Every config key's effective value, in the table's order, then the per-chain keys the file holds. */
function effective(inv: Invocation, f: ConfigFile): Effective[] {
  const src = sources(inv.globals, inv.env.io.env, f);
  const out: Effective[] = CONFIG.map((s) => {
    const name = s.name as ConfigKey;
    const about = { name, secret: s.secret === true, url: s.kind === 'url' };
    const flag = src.flag(name);
    if (flag) return { ...about, value: shownSetting(s, flag.value), source: `flag ${flagName(s)}` };
    const env = src.env(name);
    if (env) return { ...about, value: shownSetting(s, env.value), source: s.env };
    const fromFile = src.file(name);
    if (fromFile) return { ...about, value: shownSetting(s, fromFile.value), source: 'config file' };
    return { ...about, value: s.default, source: s.default !== undefined ? 'default' : 'not set' };
  });
  for (const e of configEntries(f.values)) {
    const chain = chainOfKeyName(e.name);
    if (chain) out.push({ name: e.name, value: e.value, source: 'config file', secret: e.secret, url: chain.field === 'base-url' });
  }
  return out;
}

/** A switch reads 1/0 from its sources; shown as the file writes it. */
function shownSetting(s: SettingSpec, value: string): string {
  return s.kind === 'switch' ? (value === '1' ? 'true' : value === '0' ? 'false' : value) : value;
}

const valueText = (e: Effective, showSecrets: boolean) =>
  e.value === undefined ? '' : safeText(showSecrets ? e.value : e.secret ? MASK : e.url ? withoutCredentials(e.value) : e.value);

/**
 * `config get <key>`: the value in effect. Piped, the value alone (nothing when it is not set), for
 * scripts; on a terminal, followed by where it comes from.
 */
export async function get(inv: Invocation, key: string, showSecrets: boolean): Promise<void> {
  const { io } = inv.env;
  const e = effective(inv, await file(inv)).find((x) => x.name === key) ?? { name: key, value: undefined, source: 'not set', secret: false };
  if (!io.stdoutIsTTY) {
    if (e.value !== undefined) await io.out.write(valueText(e, showSecrets) + '\n');
    return;
  }
  await io.out.write(e.value === undefined ? '(not set)\n' : `${valueText(e, showSecrets)}  (${e.source})\n`);
}

/**
 * `config list`: every key, its value in effect and where it comes from. On a terminal aligned
 * columns; piped, one tab-separated line a key: key, value, source.
 */
export async function list(inv: Invocation, showSecrets: boolean): Promise<void> {
  const { io } = inv.env;
  const rows = effective(inv, await file(inv)).map((e) => [safeText(e.name), valueText(e, showSecrets), e.source] as const);
  if (!io.stdoutIsTTY) {
    await io.out.write(rows.map((r) => r.join('\t') + '\n').join(''));
    return;
  }
  const all = [['KEY', 'VALUE', 'FROM'] as const, ...rows];
  const w0 = Math.max(...all.map((r) => r[0].length));
  const w1 = Math.max(...all.map((r) => r[1].length));
  await io.out.write(all.map(([k, v, s]) => `${k.padEnd(w0)}  ${v.padEnd(w1)}  ${s}`.trimEnd() + '\n').join(''));
}

/** `config set <key> <value>`: checked as the option takes it; `null` unsets the key, as it does in the file. */
export async function set(inv: Invocation, key: string, raw: string): Promise<void> {
  const { env } = inv.env.io;
  if (raw.trim() === 'null') return unset(inv, key);
  // A per-chain key or base URL is checked as the global one; every other name is a setting of the table.
  const value = configValue(chainOfKeyName(key)?.field ?? (key as ConfigKey), raw, env);
  writeConfigValue(configPath(env), key, value);
}

/** `config unset <key>`: removes the key from the file; says so on stderr, or that the file did not hold it. */
export async function unset(inv: Invocation, key: string): Promise<void> {
  const { io } = inv.env;
  const path = configPath(io.env);
  const removed = removeConfigValue(path, key);
  await io.err.write(`scout: ${removed ? `removed ${safeText(key)} from` : `${safeText(key)} was not set in`} ${shown(path, 200)}\n`);
}
