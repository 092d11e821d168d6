/**
 * Runs the built command with test/support/trace-imports.mjs preloaded, and hands back what it
 * recorded: each module of the program it evaluated (`module:src/…`), each V8 flag it set
 * (`flag:--name`) and what V8 made of the code cache (`code-cache:…`), in order; then each file it
 * required as a file:// URL and each Node built-in (`builtin:name`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cleanEnv, ROOT } from './cli.js';

export interface Traced {
  status: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

export async function traceRun(args: string[], env: Record<string, string | undefined> = {}): Promise<Traced> {
  const file = join(mkdtempSync(join(tmpdir(), 'scout-trace-')), 'imports.txt');
  // Spawned asynchronously: a fake server answering it may live in this process.
  const r = await new Promise<Omit<Traced, 'lines'>>((resolve) => {
    const child = spawn(process.execPath, ['--import', join(ROOT, 'test/support/trace-imports.mjs'), BIN, ...args], {
      env: cleanEnv({ ...env, SCOUT_TRACE_IMPORTS: file }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Nothing recorded (the process did not start).
  }
  return { ...r, lines: text.split('\n').filter(Boolean) };
}
