/**
 * One loopback test for both keys (issue 21): the explorer key and the admin key go over plain
 * http:// to the same hosts and no others. `localhost.` (a trailing dot) is not loopback for either:
 * the hosts file does not hold it, so it is looked up in DNS, and the network's resolver decides
 * where it points. Refusals come before any request.
 */
import { describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { isLoopbackHost } from '../../src/base/validate.js';

const TX = '0x' + '11'.repeat(32);

/** Whether scout refuses to send the explorer key to `origin` over http://, and what it said. */
async function explorerRefused(origin: string): Promise<string | false> {
  const r = await runScout(['--base-url', origin, '--explorer-key', 'exp-key-1', '--retries', '0', 'tx', 'show', TX]);
  expect(r.stderr).not.toContain('exp-key-1');
  return r.code === 2 && /^scout: refusing to send the explorer key/.test(r.stderr) ? r.stderr.split('\n')[0]! : false;
}

/** Whether scout refuses to send the admin key to `origin` over http://, and what it said. */
async function adminRefused(origin: string): Promise<string | false> {
  const r = await runScout(['--admin-url', origin, '--api-key', 'adm-key-1', '--retries', '0', 'admin', 'networks']);
  expect(r.stderr).not.toContain('adm-key-1');
  return r.code === 2 && /^scout: refusing to send the admin key/.test(r.stderr) ? r.stderr.split('\n')[0]! : false;
}

describe('the explorer key and the admin key over http:// go to the same hosts', () => {
  it('localhost. (a trailing dot) is refused for both, before any request', async () => {
    expect(await explorerRefused('http://localhost.:9')).toBe('scout: refusing to send the explorer key over plain http:// to localhost.:9');
    expect(await adminRefused('http://localhost.:9')).toBe('scout: refusing to send the admin key over http:// to localhost.:9');
    expect(await explorerRefused('http://LocalHost.:9')).not.toBe(false);
    expect(await adminRefused('http://LocalHost.:9')).not.toBe(false);
  });

  // Hosts that are not loopback are refused before any connection; the loopback ones reach port 9
  // of this machine (nothing listens there, or a refusal), never the network.
  const hosts: [string, boolean][] = [
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['[::1]', true],
    ['localhost.', false],
    ['localhost.localdomain', false],
    ['localhost.example', false],
    ['127.0.0.1.nip.io', false],
    ['[::ffff:7f00:1]', false],
    ['example.invalid', false],
  ];
  it.each(hosts)('%s: loopback %s, for both keys alike', async (host, loopback) => {
    const origin = `http://${host}:9`;
    const [explorer, admin] = await Promise.all([explorerRefused(origin), adminRefused(origin)]);
    expect(explorer === false, `explorer key to ${origin}`).toBe(loopback);
    expect(admin === false, `admin key to ${origin}`).toBe(loopback);
    expect(isLoopbackHost(new URL(origin).hostname)).toBe(loopback);
  });
});
