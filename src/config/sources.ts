/**
 * Where a setting's value comes from: its flag (a switch as "1"), its `SCOUT_*` variable (empty is
 * unset), the config file (a switch as "1" or "0"), else the settings table's default; each value
 * with the name messages give its source by (`--timeout`, `SCOUT_TIMEOUT`, `"timeout" in …`). Which
 * flag, variable and file key a setting has comes from the table (setting-table.ts).
 */
import type { ConfigFile } from './file.js';
import { attributeOf, flagName, type GlobalFlags, setting, type SettingName, type SettingSpec } from './setting-table.js';
import { parseUrlSetting, shown } from './url.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** A value and where it came from, for error messages: `--timeout`, `SCOUT_TIMEOUT`, `"timeout" in …`. */
export interface Sourced<T = string> {
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
export interface Sources {
  flag(name: SettingName): Sourced | undefined;
  env(name: SettingName): Sourced | undefined;
  file(name: SettingName): Sourced | undefined;
  /** Flag, then environment, then file. */
  pick(name: SettingName): Sourced | undefined;
  /** The table's default, named like the flag (or the variable, for a setting without one). */
  fallback(name: SettingName): Sourced;
}

export function sources(flags: GlobalFlags, env: Env, configFile: ConfigFile): Sources {
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

/** A URL setting's value: origin and path, without a trailing slash; UsageError naming `what` when it is no usable URL. */
export function checkUrl(s: Sourced, what = s.from): string {
  const u = parseUrlSetting(s.value, what);
  return u.origin + u.pathname.replace(/\/+$/, '');
}
