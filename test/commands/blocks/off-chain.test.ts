/**
 * `blocks --type reorg|uncle` shows each block's hash on a terminal (issue 22, item 7): such a block
 * shares its height with a block of the main chain, so its hash is the only way to look it up. The
 * main chain's list keeps its columns; piped lines carry the whole hash as field 2 either way.
 * Through the CLI in process on an 80-column terminal, against the test explorer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startServer } from '../../support/server.js';
import { runScout } from '../../support/scout.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function cli(args: string[], tty: boolean) {
  const r = await runScout(['--base-url', srv.url, ...args], { stdoutIsTTY: tty, width: 80, color: false });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trimEnd().split('\n');
}

describe('blocks off the main chain show their hashes', () => {
  it.each(['reorg', 'uncle'])('--type %s: a HASH column beside the height, each row its own block’s hash', async (type) => {
    const items = JSON.parse((await cli(['blocks', '--type', type, '--json'], false)).join('\n')) as { hash: string; type: string }[];
    expect(items.length).toBeGreaterThan(0);
    const [header, ...rows] = await cli(['blocks', '--type', type], true);
    expect(header!.trim().split(/ {2,}/).slice(0, 3)).toEqual(['BLOCK', 'HASH', 'AGE']);
    expect(rows).toHaveLength(items.length);
    items.forEach((b, i) => {
      expect(b.type).toBe(type);
      expect(rows[i]).toContain(`${b.hash.slice(0, 6)}…${b.hash.slice(-4)}`);
    });
    // Piped, the whole hash is field 2, as for every list of blocks.
    const piped = await cli(['blocks', '--type', type], false);
    expect(piped.map((l) => l.split('\t')[1])).toEqual(items.map((b) => b.hash));
  });

  it('the main chain’s blocks keep their columns: the height finds them', async () => {
    const [header] = await cli(['blocks', '--limit', '3'], true);
    expect(header).not.toContain('HASH');
    expect(header).toMatch(/^ +BLOCK {2}AGE /);
  });

  it('a hash shown is one `scout block` finds', async () => {
    const [first] = JSON.parse((await cli(['blocks', '--type', 'reorg', '--json'], false)).join('\n')) as { hash: string }[];
    const shown = await cli(['block', first!.hash], false);
    expect(shown).toContain(`Hash\t${first!.hash}`);
  });
});
