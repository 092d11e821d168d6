/**
 * What scout prints and what the API's documents write pastes back (issue 22, items 17 and 21): a
 * block number with its thousands separators (`23,116,932`, `23_116_932`), `scout api /v2/stats` as
 * the OpenAPI document spells the path, and a mixed-case address whose EIP-55 checksum is wrong
 * refused before any request with the right spelling (as cast refuses it), while an address in one
 * case, or rightly checksummed, is taken as it is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checksumAddress, keccak256 } from '../../src/base/keccak.js';
import { parseAddress, parseAddressOrName, parseBlockId } from '../../src/base/validate.js';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.requests.length = 0;
});
/** The CLI in process, against the test explorer. */
async function cli(args: string[]) {
  const io = memoryIo();
  const code = await run(['node', 'scout', '--base-url', srv.url, ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}
const paths = () => srv.requests.map((r) => r.path);

const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('block numbers as scout prints them', () => {
  it.each(['23,116,932', '23_116_932', '23116932'])('%s is block 23116932', async (typed) => {
    await cli(['block', typed, '--json']);
    expect(paths()).toEqual(['/api/v2/blocks/23116932']);
  });

  it('a comma anywhere else is still refused before any request', async () => {
    for (const bad of ['23,11,6932', '2,3116932', ',123', '123,', '1__0']) expect(() => parseBlockId(bad), bad).toThrow(/invalid block/);
    expect((await cli(['block', '23,11,6932'])).code).toBe(2);
    expect(paths()).toEqual([]);
    expect(parseBlockId('1_000')).toBe('1000');
  });
});

describe('scout api with the OpenAPI document’s paths', () => {
  it('/v2/stats is /api/v2/stats', async () => {
    const r = await cli(['api', '/v2/stats']);
    expect(r.code).toBe(0);
    expect(paths()).toEqual(['/api/v2/stats']);
  });
});

describe('EIP-55 checksums', () => {
  it('keccak-256 and the checksum give the known answers', () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(hex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    // 136 bytes: a whole block of input, so the padding takes a block of its own.
    expect(hex(keccak256(new Uint8Array(136)))).toBe('3a5912a7c5faa06ee4fe906253e339467a9ce87d533c65be3c15cb231cdb25f9');
    // The examples of EIP-55 itself.
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', VITALIK]) {
      expect(checksumAddress(a.toLowerCase())).toBe(a);
      expect(parseAddress(a)).toBe(a);
    }
  });

  it('one case carries no checksum and is taken as it is', () => {
    expect(parseAddress(VITALIK.toLowerCase())).toBe(VITALIK.toLowerCase());
    expect(parseAddressOrName('0x' + VITALIK.slice(2).toUpperCase())).toBe('0x' + VITALIK.slice(2).toUpperCase());
  });

  it('a wrong checksum is exit 2 before any request, with the right spelling', async () => {
    const wrong = VITALIK.replace('dA6', 'Da6');
    for (const args of [['address', 'txs', wrong], ['open', wrong]]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`EIP-55 checksum is wrong (the checksummed address is ${VITALIK}`);
    }
    expect(paths()).toEqual([]);
  });
});
