/**
 * README's sample of real output (issue 22, item 11) is what scout prints: `tx show` of a real
 * Ethereum transaction, recorded from a live explorer (../shared/fixtures/real), served on
 * 127.0.0.1 and shown on an 80-column terminal with the clock pinned. Skipped, saying so, when the
 * shared fixtures are absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { ROOT } from '../support/cli.js';

const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'real', '02-transaction--blockscout-rs-client-eth-coin-transfer.json');
const HASH = '0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e';
/** The day the sample was recorded: its ages are as of then. */
export const SAMPLE_NOW = Date.UTC(2026, 10, 26, 12);
const present = existsSync(FIXTURE);
if (!present) console.warn(`readme-sample: skipped, ${FIXTURE} is absent (the shared fixtures live beside the project)`);

/** What `scout tx show <hash>` prints at 80 columns for the recorded transaction. */
export async function sample(): Promise<string> {
  const body = readFileSync(FIXTURE, 'utf8');
  const server = createServer((req, res) => {
    const found = req.url?.split('?')[0] === `/api/v2/transactions/${HASH}`;
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(found ? body : '{"message":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const io = memoryIo({ stdoutIsTTY: true, width: 80, now: () => SAMPLE_NOW });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await run(['node', 'scout', '--base-url', url, '--chain', 'ethereum', 'tx', 'show', HASH], io)).toBe(0);
    return io.stdout();
  } finally {
    server.close();
  }
}

describe.skipIf(!present)('README', () => {
  it('shows a sample of real output, as scout prints it', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const shown = /<!-- sample -->\n```console\n\$ scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e\n([\s\S]*?)```\n<!-- \/sample -->/.exec(readme)?.[1];
    expect(shown, 'README has no sample block').toBeDefined();
    expect(shown).toBe(await sample());
  });
});
