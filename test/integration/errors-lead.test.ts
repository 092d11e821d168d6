/**
 * Errors that lead (issue 22): a usage error ends with where to read more, an option a command does
 * not take names the commands that do, and a chain typo suggests only names near it. All before any
 * request: the explorer here must see none.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

/** Runs scout against the test explorer and checks that it asked nothing of it. */
async function refused(args: string[], env: Record<string, string> = {}) {
  const before = srv.requests.length;
  const r = await runScout(['--base-url', srv.url, ...args], { env });
  expect(r).toMatchObject({ code: 2, stdout: '' });
  expect(srv.requests.length).toBe(before);
  return r.stderr.trimEnd().split('\n');
}

describe('every usage error ends with where to read more', () => {
  it.each([
    [['address', 'txs', '0xZZ'], 'scout address txs --help'],
    [['address', '0xZZ'], 'scout address show --help'],
    [['tx', 'show', '0x1234'], 'scout tx show --help'],
    [['blocks', '--type', 'orphan'], 'scout blocks --help'],
    [['address', 'txs', ADDR.rich, '--limit', '0'], 'scout address txs --help'],
    [['address', 'txs', ADDR.rich, '--json', '--csv'], 'scout address txs --help'],
    [['address', 'txs', ADDR.rich, '--timeout', 'soon'], 'scout address txs --help'],
  ])('%j: the message, then see the command’s help, last', async (args, help) => {
    const lines = await refused(args);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines[0]).toMatch(/^scout: (invalid|choose one)/);
    expect(lines.at(-1)).toBe(`scout: see '${help}'`);
  });

  it('a bad variable or config file points to the topic on settings, not to a command', async () => {
    expect((await refused(['address', 'txs', ADDR.rich], { SCOUT_TIMEOUT: 'soon' })).at(-1)).toBe("scout: see 'scout help environment'");
    const home = mkdtempSync(join(tmpdir(), 'scout-lead-'));
    mkdirSync(join(home, 'scout'));
    writeFileSync(join(home, 'scout', 'config.json'), '{"timeout": "soon"}');
    expect((await refused(['address', 'txs', ADDR.rich], { XDG_CONFIG_HOME: home })).at(-1)).toBe("scout: see 'scout help environment'");
    writeFileSync(join(home, 'scout', 'config.json'), '{broken');
    expect(await refused(['address', 'txs', ADDR.rich], { XDG_CONFIG_HOME: home })).toEqual([
      expect.stringMatching(/^scout: invalid config file .*config\.json: not valid JSON/),
      'scout: fix it or move it away',
      "scout: see 'scout help environment'",
    ]);
  });
});

describe('--chains and chain names', () => {
  it('--chains on a command without it names the commands that take it, not --chain', async () => {
    for (const flag of [['--chains', 'eth'], ['--chains=eth']]) {
      const lines = await refused(['blocks', ...flag]);
      expect(lines).toEqual([
        'scout: blocks does not take --chains; these do: address show, address tokens, address transfers, address txs, search, tx show',
        "scout: see 'scout blocks --help'",
      ]);
    }
  });

  it('a chain typo suggests the names near it; a name near none suggests nothing', async () => {
    const typo = await refused(['--chain', 'ethh', 'blocks']);
    expect(typo[1]).toMatch(/^scout: did you mean eth\? /);
    const far = await refused(['--chain', 'zzzz', 'blocks']);
    expect(far[0]).toBe('scout: unknown chain "zzzz"');
    expect(far[1]).not.toMatch(/did you mean/);
    expect(far[1]).toMatch(/`scout chains` lists the known chains/);
  });
});
