/**
 * A config directory whose chains cache knows two chains, `one` (41001) and `two` (41002), both on
 * the explorer at `url` (coin TST): for `--chains one,two` against one test explorer. Pass it as
 * XDG_CONFIG_HOME.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function twoChainsConfig(url: string, prefix: string): string {
  const config = mkdtempSync(join(tmpdir(), `scout-${prefix}-`));
  mkdirSync(join(config, 'scout'));
  const entry = (id: string, name: string) => ({ id, name, names: [name], explorer: url, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains: [entry('41001', 'one'), entry('41002', 'two')] }));
  return config;
}
