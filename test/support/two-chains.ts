/**
 * A config directory whose chains cache knows two chains, `one` (41001) and `two` (41002), both on
 * the explorer at `url` (coin TST): for `--chains one,two` against one test explorer. Pass it as
 * XDG_CONFIG_HOME.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function twoChainsConfig(url: string, prefix: string): string {
  return chainsConfig(prefix, [
    { id: '41001', name: 'one', url },
    { id: '41002', name: 'two', url },
  ]);
}

/** A config directory whose chains cache knows `chains` (mainnets, coin TST unless given), each on its own explorer. */
export function chainsConfig(prefix: string, chains: readonly { id: string; name: string; url: string; coin?: string; testnet?: boolean }[]): string {
  const config = mkdtempSync(join(tmpdir(), `scout-${prefix}-`));
  mkdirSync(join(config, 'scout'));
  const entry = (c: (typeof chains)[number]) => ({ id: c.id, name: c.name, names: [c.name], explorer: c.url, coin: c.coin ?? 'TST', testnet: c.testnet ?? false, blockscout: true, source: 'registry' });
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains: chains.map(entry) }));
  return config;
}
