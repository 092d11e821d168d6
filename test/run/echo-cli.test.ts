/**
 * Issue 21, item 4: every message that repeats a user's value does it one way (echo): quoted with
 * JSON's escapes, made safe, cut at 80 characters with `…`. Before, the same value came back five
 * ways: a cursor cut at 40 with a raw quote inside, a help topic and a kind cut at 80 without the
 * ellipsis, an option and an address cut at 80 with JSON quoting. The built command, exit 2, no request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

/** A value past the cut, with a quote and an escape introducer in the part that is kept. */
const VALUE = `"q\u001b[2J${'z'.repeat(100)}`;
const ECHOED = `"\\"q␛[2J${'z'.repeat(74)}…"`;

describe('a user value echoed in an error', () => {
  it.each([
    ['--cursor', ['address', 'txs', ADDR.rich, '--cursor', VALUE], 'unreadable cursor '],
    ['--limit', ['address', 'txs', ADDR.rich, '--limit', VALUE], 'invalid --limit '],
    ['an address', ['address', 'show', VALUE], 'invalid address '],
    ['a help topic', ['help', VALUE], 'no help topic or command '],
    ['an open kind', ['open', VALUE, ADDR.rich], 'invalid kind '],
  ])('%s: the same quoting, stand-ins and cut', async (_what, args, before) => {
    const sent = srv.requests.length;
    const r = await runCli(['--base-url', srv.url, ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^scout: ${before}`));
    const first = r.stderr.split('\n')[0]!;
    expect(first.slice(`scout: ${before}`.length, `scout: ${before}`.length + ECHOED.length)).toBe(ECHOED);
    expect(r.stderr).not.toContain('\u001b');
    expect(srv.requests.length).toBe(sent);
  });
});
