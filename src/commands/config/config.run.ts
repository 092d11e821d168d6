/**
 * The runs of `scout config get|set|list`. They read and write the config file only: no settings
 * are resolved (a bad SCOUT_* variable must not stop anyone from fixing the file) and no request is
 * made. Keys are printed as *** unless --show-secrets asks for them; every value printed is made
 * safe for the terminal, like anything else read from a file.
 */
import { chainOfKeyName, type ConfigEntry, configEntries, readConfigFile, writeConfigValue } from '../../config/file.js';
import { configPath } from '../../config/paths.js';
import type { ConfigKey } from '../../config/setting-table.js';
import { configValue } from '../../config/settings.js';
import { safeText } from '../../base/text/safe.js';
import type { Invocation } from '../../kit/invocation.js';

const MASK = '***';

/** The file's entries, its warnings said on stderr first. */
async function entries(inv: Invocation): Promise<ConfigEntry[]> {
  const { io } = inv.env;
  const file = readConfigFile(configPath(io.env));
  for (const w of file.warnings) await io.err.write(`scout: warning: ${w}\n`);
  return configEntries(file.values);
}

const shownValue = (e: ConfigEntry, showSecrets: boolean) => safeText(e.secret && !showSecrets ? MASK : e.value);

export async function get(inv: Invocation, key: string, showSecrets: boolean): Promise<void> {
  const entry = (await entries(inv)).find((e) => e.name === key);
  if (entry) await inv.env.io.out.write(shownValue(entry, showSecrets) + '\n');
}

export async function list(inv: Invocation, showSecrets: boolean): Promise<void> {
  const lines = (await entries(inv)).map((e) => `${safeText(e.name)}=${shownValue(e, showSecrets)}\n`);
  await inv.env.io.out.write(lines.join(''));
}

export async function set(inv: Invocation, key: string, raw: string): Promise<void> {
  const { env } = inv.env.io;
  // A per-chain key or base URL is checked as the global one; every other name is a setting of the table.
  const value = configValue(chainOfKeyName(key)?.field ?? (key as ConfigKey), raw, env);
  writeConfigValue(configPath(env), key, value);
}
