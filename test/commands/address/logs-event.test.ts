/**
 * `address logs --event` and `--topic0..--topic3`: an event by signature (hashed here) or by name
 * (from the address's verified ABI), and topics by position, which the explorer does not filter
 * (it takes one topic in any position): the first position given is sent as `topic`, the positions
 * are kept as pages arrive.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ABI_ADDR } from '../../support/fake/abi-data.js';
import { TOPIC } from '../../support/fake/txdepth-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const word = (a: string) => '0x' + a.slice(2).toLowerCase().padStart(64, '0');
const logsPath = (a: string) => `/api/v2/addresses/${a}/logs`;
const topic0s = (stdout: string) => (JSON.parse(stdout) as { topics: string[] }[]).map((l) => l.topics[0]);

describe('address logs --event', () => {
  it('a signature, in either spelling, is hashed and sent as the topic; only that event\'s logs come', async () => {
    for (const event of ['Transfer(address,address,uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)']) {
      srv.expect('GET', logsPath(ADDR.rich), { topic: TOPIC.transfer });
      const r = await scout(['address', 'logs', ADDR.rich, '--event', event, '--all', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const got = topic0s(r.stdout);
      expect(got.length).toBeGreaterThan(10);
      expect(new Set(got)).toEqual(new Set([TOPIC.transfer]));
    }
  });

  it('a name: looked up in the address\'s verified ABI (a proxy\'s implementation too)', async () => {
    srv.expect('GET', `/api/v2/smart-contracts/${ABI_ADDR.proxy}`);
    srv.expect('GET', logsPath(ABI_ADDR.proxy), { topic: TOPIC.transfer });
    const r = await scout(['address', 'logs', ABI_ADDR.proxy, '--event', 'Transfer']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('an overloaded name is exit 2 listing the signatures; a name without a verified ABI says to give the signature', async () => {
    const r = await scout(['address', 'logs', ABI_ADDR.vault, '--event', 'Note']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('event "Note" is overloaded');
    expect(r.stderr).toContain('event Note(string indexed topic, string text)');
    expect(r.stderr).toContain('event Note(address indexed who)');
    const eoa = await scout(['address', 'logs', ADDR.rich, '--event', 'Transfer']);
    expect(eoa.code).toBe(3);
    expect(eoa.stderr).toContain("--event 'Transfer(address,address,uint256)'");
  });

  it('bad events, and --event with --topic0, are exit 2 before any request', async () => {
    for (const args of [
      ['--event', 'Transfer(uint7)'],
      ['--event', 'Trans fer'],
      ['--event', 'Transfer(address,address,uint256)', '--topic0', TOPIC.transfer],
      ['--topic2', '0x12'],
    ]) {
      const before = srv.requests.length;
      const r = await scout(['address', 'logs', ADDR.rich, ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(srv.requests.slice(before)).toEqual([]);
    }
  });
});

describe('address logs --topic0..--topic3', () => {
  it('a position is kept here: of the logs with the counterparty in any position, those with it at 1 and at 2', async () => {
    const cp = word(ADDR.counterparty);
    const any = JSON.parse((await scout(['address', 'logs', ADDR.rich, '--topic', cp, '--all', '--json'])).stdout) as { topics: (string | null)[] }[];
    const at = (i: number) => any.filter((l) => l.topics[i] === cp);
    expect(at(2).length).toBeGreaterThan(10);
    expect(at(1).length).toBeGreaterThan(0);
    srv.expect('GET', logsPath(ADDR.rich), { topic: cp });
    const at2 = await scout(['address', 'logs', ADDR.rich, '--topic2', cp, '--all', '--json']);
    expect(at2.code, at2.stderr).toBe(0);
    expect(JSON.parse(at2.stdout)).toEqual(at(2));
    const at1 = await scout(['address', 'logs', ADDR.rich, '--topic1', cp, '--all', '--json']);
    expect(JSON.parse(at1.stdout)).toEqual(at(1));
    const both = await scout(['address', 'logs', ADDR.rich, '--topic0', TOPIC.transfer, '--topic2', cp, '--all', '--json']);
    expect(JSON.parse(both.stdout)).toEqual(at(2).filter((l) => l.topics[0] === TOPIC.transfer));
  });

  it('with --topic, --topic is what is sent, and the positions are kept here', async () => {
    srv.expect('GET', logsPath(ADDR.rich), { topic: TOPIC.approval });
    const r = await scout(['address', 'logs', ADDR.rich, '--topic', TOPIC.approval, '--event', 'Transfer(address,address,uint256)', '--all', '--json']);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
});
