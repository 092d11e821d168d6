/**
 * `tx summary`: the explorer's summary filled in, --json as sent, and every way an explorer has no
 * summary (disabled service, failed service, an endpoint it does not know, `null` for a transaction
 * that did not succeed, `{"success":false}`, no summaries) is one line on stderr and exit 0, while
 * an unknown transaction stays exit 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeUnsafe } from '../../../src/base/json/lossless.js';
import { serveBodies } from '../../support/bodies.js';
import { toJsonText } from '../../support/data.js';
import { HOSTILE_SUMMARY, OK_SUMMARY } from '../../support/fake/summary-data.js';
import { runScout } from '../../support/scout.js';
import { type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], tty = false) => runScout([...args, '--base-url', srv.url], { stdoutIsTTY: tty, width: 120 });
const summaryPath = (h: string) => `/api/v2/transactions/${h}/summary`;

describe('tx summary', () => {
  it('prints each summary on a line, names and amounts filled in (whole addresses piped)', async () => {
    const r = await scout(['tx', 'summary', TX.ok]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Transfer 0\.5 coin to alice-scout\.eth \(0x[0-9a-fA-F]{40}\) on 2025-08-11T09:32:59Z$/);
    expect(lines[1]).toMatch(/^Swap 1234567\.123456789012345678 WETH \(0x[0-9a-fA-F]{40}\) for 3000\.000001 USDC \(0x[0-9a-fA-F]{40}\) on Scout Swap with execute$/);
    expect(lines[2]).toMatch(/^alice-scout\.eth set by Scout Swap: Router \(0x[0-9a-fA-F]{40}\) \(Name docs \(https:\/\/docs\.example\.invalid\/names\); \{"level":3\}; \{unsent\}\)$/);
  });

  it('on a terminal: addresses shortened, amounts grouped, the chain\'s coin named', async () => {
    const r = await runScout(['tx', 'summary', TX.ok, '--chain', 'ethereum', '--base-url', srv.url], { stdoutIsTTY: true, width: 120 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Transfer 0.5 ETH to alice-scout.eth (0xd0DB…2Ef8) on 2025-08-11 09:32:59 UTC\n');
    expect(r.stdout).toContain('Swap 1,234,567.123456789012345678 WETH (0x54a4…f9A1) for 3,000.000001 USDC (0x4d32…Faf8)');
  });

  it('--json prints the body exactly as sent; --ndjson on one line', async () => {
    const r = await scout(['tx', 'summary', TX.quirky, '--json']);
    expect(r.code).toBe(0);
    // The hostile body, its bare-number amount intact, byte for byte (characters unsafe on a
    // terminal written as \uXXXX, as all JSON output does: the same value).
    expect(r.stdout).toBe(escapeUnsafe(toJsonText(HOSTILE_SUMMARY)) + '\n');
    expect(r.stdout).toContain('"value":12345678901234567890.123456789');
    const n = await scout(['tx', 'summary', TX.ok, '--ndjson']);
    expect(n.stdout).toBe(toJsonText(OK_SUMMARY) + '\n');
  });

  it('hostile template text and values never reach the terminal raw', async () => {
    const r = await scout(['tx', 'summary', TX.quirky], true);
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e]/);
    expect(r.stdout).toContain('␛[2JClaim␛]8;;https://evil.example␇<U+202E> 12,345,678,901,234,567,890.123456789 <U+202E>LIVE');
    expect(r.stdout).toContain('{amount} is not read twice');
  });

  it.each([
    ['a disabled summary service (403)', TX.overflow, 'no summary: this explorer has no summary service (HTTP 403: Transaction Interpretation Service is disabled)'],
    ['a failed summary service (500)', TX.creation, "no summary: the explorer's summary service failed (HTTP 500: Error while sending request to Transaction Interpretation Service)"],
    ['an explorer that does not know the endpoint (400)', TX.traceError, 'no summary: this explorer has no summary service (HTTP 400: Unknown API v2 action)'],
    ['a transaction that did not succeed (200 null)', TX.failed, 'no summary: the explorer gives none for this transaction (it summarises successful transactions only)'],
    ['a service that could not (success false)', TX.parityTrace, 'no summary: the summary service could not summarise this transaction'],
    ['no summaries', TX.gethTrace, 'no summary: the summary service found nothing to say about this transaction'],
  ])('%s: one line on stderr, nothing on stdout, exit 0', async (_, hash, said) => {
    const r = await scout(['tx', 'summary', hash]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(said + '\n');
  });

  it('an error answer checks that the transaction exists: no summary when it does, and only then', async () => {
    const mark = srv.requests.length;
    const r = await scout(['tx', 'summary', TX.overflow]);
    expect(r.code).toBe(0);
    expect(srv.requests.slice(mark).map((q) => q.path)).toEqual([summaryPath(TX.overflow), `/api/v2/transactions/${TX.overflow}`]);
  });

  it('--json: a success without a summary is printed as sent (null); an error answer prints nothing', async () => {
    const failed = await scout(['tx', 'summary', TX.failed, '--json']);
    expect([failed.code, failed.stdout, failed.stderr]).toEqual([0, 'null\n', '']);
    const disabled = await scout(['tx', 'summary', TX.overflow, '--json']);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toBe('');
    expect(disabled.stderr).toMatch(/^no summary: this explorer has no summary service \(HTTP 403/);
  });

  it('an unknown transaction is exit 3', async () => {
    const r = await scout(['tx', 'summary', TX.unknown]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: transaction ${TX.unknown} not found on ${srv.url} (HTTP 404)\n`);
  });

  it('an explorer with no summary endpoint at all (404) but the transaction: no summary, exit 0', async () => {
    const bare = await serveBodies();
    try {
      bare.bodies.set(`/api/v2/transactions/${TX.ok}`, '{"hash":"x"}');
      const r = await runScout(['tx', 'summary', TX.ok, '--base-url', bare.url]);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, '', 'no summary: this explorer has no summary service (HTTP 404)\n']);
    } finally {
      await bare.close();
    }
  });

  it('a malformed hash is exit 2 before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout(['tx', 'summary', '0x1234']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toEqual([expect.stringMatching(/^scout: invalid transaction hash/), "scout: see 'scout tx summary --help'", '']);
    expect(srv.requests.length).toBe(mark);
  });
});
