/**
 * Progress on a real terminal 80 columns wide while stdout goes to a file (issue 22, item 20):
 * `scout address txs X --all > file` shows its progress on the terminal (stderr) and clears it at
 * the end; the file holds only the lines. Under CI, nothing on the terminal. Run on a real
 * pseudo-terminal through script(1) (util-linux), sized by stty, against the test explorer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../support/cli.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

const haveScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
if (!haveScript) console.warn('terminal-progress.test.ts: skipped, script(1) from util-linux is missing');

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

/** `scout args… > file` on a terminal 80 columns wide: what the terminal showed, and the file. */
function toFile(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; terminal: string; file: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'scout-progress-')), 'out.txt');
  const command = `stty cols 80 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${args.join(' ')} > ${JSON.stringify(file)}`;
  return new Promise((resolve, reject) => {
    // Not spawnSync: the test explorer answers from this process.
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: cleanEnv({ SHELL: '/bin/sh', TERM: 'xterm-256color', NODE_EXTRA_CA_CERTS: undefined, ...env }), stdio: ['pipe', 'pipe', 'pipe'] });
    let terminal = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (terminal += d));
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, terminal, file: readFileSync(file, 'utf8') }));
  });
}

describe.skipIf(!haveScript)('progress on an 80-column terminal while stdout goes to a file', () => {
  it('--all: the terminal shows the list loading, then the line is cleared; the file holds the lines', async () => {
    const r = await toFile(['address', 'txs', ADDR.rich, '--all', '--base-url', srv.url]);
    expect(r.code, r.terminal).toBe(0);
    expect(r.terminal).toContain('address txs · loading');
    // The last thing on the terminal is the spinner's line cleared (and the cursor shown again).
    expect(r.terminal).toMatch(/\u001b\[1G\u001b\[0K(\u001b\[\?25h)*$/);
    expect(r.file.trimEnd().split('\n')).toHaveLength(120);
    expect(r.file).not.toContain('\u001b');
  });

  it('under CI the terminal shows nothing', async () => {
    const r = await toFile(['address', 'txs', ADDR.rich, '--all', '--base-url', srv.url], { CI: 'true' });
    expect(r.code).toBe(0);
    expect(r.terminal).toBe('');
    expect(r.file.trimEnd().split('\n')).toHaveLength(120);
  });
});
