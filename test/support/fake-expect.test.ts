/**
 * The test explorer's expectations: a request a test declared and that never came fails the test,
 * naming it; one that came passes, counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR, type FakeServer, startServer } from './server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const get = async (path: string) => void (await (await fetch(`${srv.url}${path}`)).text());
const txs = `/api/v2/addresses/${ADDR.rich}/transactions`;

describe('srv.expect / srv.verify', () => {
  it('passes when every declared request came, and counts them', async () => {
    const page = srv.expect('GET', txs);
    const filtered = srv.expect('get', txs, { filter: 'from' });
    await get(`${txs}?filter=from`);
    await get(txs);
    expect(page.count).toBe(2);
    expect(filtered.count).toBe(1);
    expect(() => srv.verify()).not.toThrow();
  });

  it('fails naming each declared request that never came: another path, method or query value is not it', async () => {
    srv.expect('GET', txs, { filter: 'to' });
    srv.expect('POST', txs);
    srv.expect('GET', `${txs}/extra`);
    srv.expect('GET', txs);
    await get(`${txs}?filter=from`);
    expect(() => srv.verify()).toThrow(`expected requests never arrived:\n  GET ${txs}?filter=to\n  POST ${txs}\n  GET ${txs}/extra`);
  });

  it('a request before the declaration does not count, and verify forgets what it checked', async () => {
    await get(txs);
    srv.expect('GET', txs);
    expect(() => srv.verify()).toThrow(`expected request never arrived:\n  GET ${txs}`);
    expect(() => srv.verify()).not.toThrow();
  });
});
