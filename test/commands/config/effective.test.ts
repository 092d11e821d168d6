/**
 * Settings people can see and undo (issue 22, item 25): `config get` prints the value in effect and,
 * on a terminal, where it comes from; `config list` every key that way, keys masked; `config unset`
 * removes a key; `config set <key> null` unsets it and never stores the text "null"; an unknown key
 * suggests the near one; `cache clear` says what it removed. Through the CLI in process, with a
 * config directory of the test's own.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { memoryIo } from '../../../src/base/io.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'scout-config-effective-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const configFile = () => join(home, 'config', 'scout', 'config.json');
const fileText = () => readFileSync(configFile(), 'utf8');

async function scout(args: string[], options: { env?: Record<string, string>; tty?: boolean } = {}) {
  const io = memoryIo({ stdoutIsTTY: options.tty ?? false, env: { XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), ...options.env } });
  const code = await run(['node', 'scout', ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('config set null and config unset', () => {
  it('set <key> null unsets the key: the text "null" is never stored, not even as a key', async () => {
    expect((await scout(['config', 'set', 'explorer-key', 'abc123'])).code).toBe(0);
    expect(JSON.parse(fileText())).toEqual({ 'explorer-key': 'abc123' });
    const r = await scout(['config', 'set', 'explorer-key', 'null']);
    expect(r.code).toBe(0);
    expect(fileText()).not.toContain('null');
    expect(JSON.parse(fileText())).toEqual({});
    expect(r.stderr).toBe(`scout: removed explorer-key from ${configFile()}\n`);
  });

  it('unset removes a key, and a chain entry once it holds nothing; unsetting what is not set says so', async () => {
    await scout(['config', 'set', 'timeout', '45']);
    await scout(['config', 'set', 'chains.my-chain.base-url', 'https://explorer.example']);
    expect((await scout(['config', 'unset', 'chains.my-chain.base-url'])).code).toBe(0);
    expect(JSON.parse(fileText())).toEqual({ timeout: 45 });
    expect((await scout(['config', 'unset', 'timeout'])).stderr).toBe(`scout: removed timeout from ${configFile()}\n`);
    const again = await scout(['config', 'unset', 'timeout']);
    expect(again).toMatchObject({ code: 0, stderr: `scout: timeout was not set in ${configFile()}\n` });
  });
});

describe('config get and list: the value in effect and where it comes from', () => {
  beforeEach(() => {
    mkdirSync(join(home, 'config', 'scout'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ timeout: 45, chain: 'base', 'explorer-key': 'sekret-key-1' }), { mode: 0o600 });
  });

  it('piped, get prints the value alone: the variable beats the file, the default stands in', async () => {
    expect((await scout(['config', 'get', 'timeout'])).stdout).toBe('45\n');
    expect((await scout(['config', 'get', 'timeout'], { env: { SCOUT_TIMEOUT: '9' } })).stdout).toBe('9\n');
    expect((await scout(['--timeout', '7', 'config', 'get', 'timeout'], { env: { SCOUT_TIMEOUT: '9' } })).stdout).toBe('7\n');
    expect((await scout(['config', 'get', 'retries'])).stdout).toBe('3\n');
    expect((await scout(['config', 'get', 'cache'])).stdout).toBe('');
  });

  it('on a terminal, get says where the value comes from', async () => {
    expect((await scout(['config', 'get', 'timeout'], { tty: true })).stdout).toBe('45  (config file)\n');
    expect((await scout(['config', 'get', 'timeout'], { tty: true, env: { SCOUT_TIMEOUT: '9' } })).stdout).toBe('9  (SCOUT_TIMEOUT)\n');
    expect((await scout(['--timeout', '7', 'config', 'get', 'timeout'], { tty: true })).stdout).toBe('7  (flag --timeout)\n');
    expect((await scout(['config', 'get', 'retries'], { tty: true })).stdout).toBe('3  (default)\n');
    expect((await scout(['config', 'get', 'cache'], { tty: true })).stdout).toBe('(not set)\n');
    expect((await scout(['config', 'get', 'explorer-key'], { tty: true })).stdout).toBe('***  (config file)\n');
  });

  it('list shows every key: piped as key, value, source lines; keys masked', async () => {
    const r = await scout(['config', 'list'], { env: { SCOUT_CHAIN: 'optimism' } });
    const lines = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(lines.map((l) => l[0])).toEqual(expect.arrayContaining(['base-url', 'chain', 'explorer-key', 'timeout', 'retries', 'cache', 'color']));
    expect(lines).toContainEqual(['chain', 'optimism', 'SCOUT_CHAIN']);
    expect(lines).toContainEqual(['timeout', '45', 'config file']);
    expect(lines).toContainEqual(['retries', '3', 'default']);
    expect(lines).toContainEqual(['explorer-key', '***', 'config file']);
    expect(r.stdout).not.toContain('sekret');
    const tty = await scout(['config', 'list'], { tty: true });
    expect(tty.stdout.split('\n')[0]).toMatch(/^KEY +VALUE +FROM$/);
  });

  it('a password in a URL setting is masked like a key, unless --show-secrets', async () => {
    const env = { SCOUT_ADMIN_URL: 'http://user:pw-secret-9@127.0.0.1:9' };
    expect((await scout(['config', 'get', 'admin-url'], { env })).stdout).toBe('http://***@127.0.0.1:9\n');
    expect((await scout(['config', 'list'], { env })).stdout).not.toContain('pw-secret-9');
    expect((await scout(['config', 'get', 'admin-url', '--show-secrets'], { env })).stdout).toBe('http://user:pw-secret-9@127.0.0.1:9\n');
  });

  it('an unknown key suggests the near one', async () => {
    const r = await scout(['config', 'get', 'timout']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('scout: unknown config key "timout"; did you mean timeout?');
  });
});

describe('cache clear', () => {
  it('says what it removed, and that an empty cache was empty', async () => {
    const dir = join(home, 'cache', 'scout', 'http');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a'), 'x'.repeat(100));
    writeFileSync(join(dir, 'b'), 'y'.repeat(28));
    const r = await scout(['cache', 'clear']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `scout: removed 2 cached answers (128 bytes) from ${join(home, 'cache', 'scout')}\n` });
    expect((await scout(['cache', 'clear'])).stderr).toBe(`scout: the cache in ${join(home, 'cache', 'scout')} was already empty\n`);
  });
});
