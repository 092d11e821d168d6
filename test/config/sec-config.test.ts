/**
 * Issue 20, item 14: the config file. A per-chain key for a chain called `__proto__`,
 * `constructor` or `prototype` was accepted and silently dropped (it set an object's prototype);
 * now it is refused with exit 2, and such a chain in the file is ignored with a warning. Twenty
 * `config set` at once kept 13 or 14 values (each read the file, changed it and wrote it back over
 * the others'); now a lock file orders them and every value is kept. And a path scout prints from
 * the environment (`cache path`, `config path`) is safe text: an escape sequence in XDG_CACHE_HOME
 * or XDG_CONFIG_HOME is shown, not obeyed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from '../../src/config/file.js';
import { LOCK_STALE_MS, LOCK_WAIT_MS, withFileLock } from '../../src/config/lock.js';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';

const fresh = () => {
  const XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'scout-sec-config-'));
  return { XDG_CONFIG_HOME, file: join(XDG_CONFIG_HOME, 'scout', 'config.json') };
};

describe('chain names that are no plain object key', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('config set chains.%s.explorer-key is a usage error, nothing written', async (name) => {
    const { XDG_CONFIG_HOME, file } = fresh();
    for (const args of [
      ['config', 'set', `chains.${name}.explorer-key`, 'k-1234567890'],
      ['config', 'get', `chains.${name}.explorer-key`],
    ]) {
      const r = await runScout(args, { env: { XDG_CONFIG_HOME } });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`scout: invalid chain name "${name}" in "chains.${name}.explorer-key": __proto__, constructor, prototype cannot name a chain`);
    }
    expect(existsSync(file)).toBe(false);
  });

  it('a file naming such a chain is read with a warning, the chain left out, the others kept', async () => {
    const { XDG_CONFIG_HOME, file } = fresh();
    mkdirSync(join(XDG_CONFIG_HOME, 'scout'));
    writeFileSync(file, '{"chains": {"__proto__": {"explorer-key": "k-proto-1234"}, "constructor": {"explorer-key": "k-ctor-1234"}, "gnosis": {"explorer-key": "k-gnosis-1234"}}}', { mode: 0o600 });
    const read = readConfigFile(file);
    expect(Object.keys(read.values.chains!)).toEqual(['gnosis']);
    expect(Object.getPrototypeOf(read.values.chains)).toBeNull();
    expect(read.warnings).toEqual([
      `ignoring "chains" › "__proto__" in ${file}: __proto__, constructor, prototype cannot name a chain`,
      `ignoring "chains" › "constructor" in ${file}: __proto__, constructor, prototype cannot name a chain`,
    ]);
    // Setting another key keeps what the file holds, the ignored chains too (they are the user's).
    const r = await runScout(['config', 'set', 'chains.base.explorer-key', 'k-base-1234'], { env: { XDG_CONFIG_HOME } });
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(readFileSync(file, 'utf8')) as { chains: Record<string, unknown> };
    expect(Object.keys(after.chains)).toEqual(['__proto__', 'constructor', 'gnosis', 'base']);
    const list = await runScout(['config', 'list', '--show-secrets'], { env: { XDG_CONFIG_HOME } });
    const chainLines = list.stdout.split('\n').filter((l) => l.startsWith('chains.'));
    expect(chainLines).toEqual(['chains.gnosis.explorer-key\tk-gnosis-1234\tconfig file', 'chains.base.explorer-key\tk-base-1234\tconfig file']);
  });
});

describe('concurrent config set', () => {
  it('20 processes each setting a different key: all 20 are kept', async () => {
    const { XDG_CONFIG_HOME, file } = fresh();
    const runs = Array.from({ length: 20 }, (_, i) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'config', 'set', `chains.chain-${i}.explorer-key`, `k-value-${i}-0123456789`], {
          cwd: ROOT,
          env: cleanEnv({ XDG_CONFIG_HOME }),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
        child.on('close', (code) => {
          clearTimeout(guard);
          resolve({ code, stderr });
        });
      }),
    );
    for (const r of await Promise.all(runs)) expect(r, r.stderr).toEqual({ code: 0, stderr: '' });
    const chains = (JSON.parse(readFileSync(file, 'utf8')) as { chains: Record<string, { 'explorer-key': string }> }).chains;
    expect(Object.keys(chains).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `chain-${i}`).sort());
    for (let i = 0; i < 20; i++) expect(chains[`chain-${i}`]!['explorer-key']).toBe(`k-value-${i}-0123456789`);
    // No lock or temporary file is left behind.
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);
});

describe('the lock file', () => {
  it('a lock left by a scout that died is taken over; one held too long is an error naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-sec-lock-'));
    const file = join(dir, 'config.json');
    writeFileSync(`${file}.lock`, '1\n');
    const old = (Date.now() - LOCK_STALE_MS - 5_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(withFileLock(file, () => 'ran')).toBe('ran');
    expect(existsSync(`${file}.lock`)).toBe(false);

    // A fresh lock nobody releases: the clock below runs past the wait at once.
    writeFileSync(`${file}.lock`, '1\n');
    let t = Date.now();
    const clock = () => (t += LOCK_WAIT_MS / 2);
    expect(() => withFileLock(file, () => 'ran', clock)).toThrow(`${file} is locked by another scout (${file}.lock)`);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });
});

describe('paths scout prints are safe text', () => {
  it('cache path and config path show an escape sequence in XDG_CACHE_HOME / XDG_CONFIG_HOME', async () => {
    const evil = `/tmp/x\u001b]0;pwned\u0007\u001b[2J\u202ey`;
    const cache = await runScout(['cache', 'path'], { env: { XDG_CACHE_HOME: evil } });
    expect(cache.code).toBe(0);
    expect(cache.stdout).toBe('/tmp/x␛]0;pwned␇␛[2J<U+202E>y/scout\n');
    const config = await runScout(['config', 'path'], { env: { XDG_CONFIG_HOME: evil } });
    expect(config.code).toBe(0);
    expect(config.stdout).toBe('/tmp/x␛]0;pwned␇␛[2J<U+202E>y/scout/config.json\n');
  });
});
