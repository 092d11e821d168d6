/** The `<key>` of `scout config get|set|unset`: a config-file key of the settings table, or a per-chain key. */
import { flagName, SETTINGS, type SettingSpec } from '../../config/setting-table.js';
import { UsageError } from '../../base/errors.js';
import { RESERVED_KEYS } from '../../base/validate.js';
import { nearWord } from '../../kit/registrar.js';
import { arg } from '../../kit/spec.js';
import { echo } from '../../base/text/echo.js';

const CONFIG = (SETTINGS as readonly SettingSpec[]).filter((s) => s.config);

/** Checks a key name: one the config file holds, or `chains.<name>.explorer-key` / `.base-url`. */
export function parseConfigName(raw: string): string {
  const name = raw.trim();
  if (CONFIG.some((s) => s.name === name)) return name;
  const [, rawChain, field] = /^chains\.(.+)\.(explorer-key|base-url)$/s.exec(name) ?? [];
  const chain = rawChain?.trim();
  if (chain && RESERVED_KEYS.has(chain)) {
    throw new UsageError(`invalid chain name ${echo(chain)} in ${echo(name)}: ${[...RESERVED_KEYS].join(', ')} cannot name a chain`);
  }
  if (chain) return `chains.${chain}.${field}`;
  const other = (SETTINGS as readonly SettingSpec[]).find((s) => s.name === name);
  if (other) {
    throw new UsageError(`${name} is not kept in the config file`, { hint: `use ${other.flag ? `${flagName(other)} or ` : ''}${other.env}` });
  }
  // The rule commander suggests a command by (nearWord), so a slip reads the same everywhere.
  const near = CONFIG.map((s) => s.name).find((k) => nearWord(name.toLowerCase(), k));
  const keys = `the keys: ${CONFIG.map((s) => s.name).join(', ')}, chains.<name>.explorer-key, chains.<name>.base-url`;
  throw new UsageError(`unknown config key ${echo(name)}${near ? `; did you mean ${near}?` : ''}`, { hint: keys });
}

export const keyArg = { ...arg('<key>', 'a config key (see scout config --help), or chains.<name>.explorer-key or .base-url', parseConfigName), complete: { values: CONFIG.map((s) => s.name) } };
