/**
 * Headings are styled through the one paint function: a batch's `==> value <==` is bold exactly when
 * the output is coloured, with the bytes it always had, and carries no escape when colour is off
 * (--color never, NO_COLOR, a pipe).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { startServer, TX, type FakeServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const batch = (extra: string[], o: Parameters<typeof runScout>[1]) =>
  runScout(['tx', 'show', '-', ...extra], { stdoutIsTTY: true, width: 120, ...o, env: { SCOUT_BASE_URL: srv.url, ...o?.env }, stdin: `${TX.ok}\n${TX.failed}\n` });

describe('batch headings', () => {
  it('bold with colour on: the same bytes as ever', async () => {
    const r = await batch([], { color: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith(`\x1b[1m==> ${TX.ok} <==\x1b[22m\n`)).toBe(true);
    expect(r.stdout).toContain(`\n\n\x1b[1m==> ${TX.failed} <==\x1b[22m\n`);
  });

  it('no escape at all with colour off, however it is turned off', async () => {
    for (const r of [await batch(['--color', 'never'], {}), await batch([], { env: { NO_COLOR: '1' }, color: undefined }), await batch([], { stdoutIsTTY: false })]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain('\x1b');
      expect(r.stderr).not.toContain('\x1b');
    }
    const plain = await batch(['--color', 'never'], {});
    expect(plain.stdout.startsWith(`==> ${TX.ok} <==\n`)).toBe(true);
  });
});
