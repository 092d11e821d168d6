/**
 * Runs the built command with test/support/trace-imports.mjs preloaded, and hands back what it
 * recorded: each module of the program it evaluated (`module:src/…`), each V8 flag it set
 * (`flag:--name`) and what V8 made of the code cache (`code-cache:…`), in order; then each file it
 * required as a file:// URL and each Node built-in (`builtin:name`).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cleanEnv, ROOT } from './cli.js';

export interface Traced {
  status: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

/**
 * `noPipes`: stdout and stderr go to files, not pipes (a pipe among a process's stdio loads node:net
 * by itself, which hides whether the program did).
 */
export async function traceRun(args: string[], env: Record<string, string | undefined> = {}, options: { noPipes?: boolean } = {}): Promise<Traced> {
  const dir = mkdtempSync(join(tmpdir(), 'scout-trace-'));
  const file = join(dir, 'imports.txt');
  const outFiles = [join(dir, 'stdout.txt'), join(dir, 'stderr.txt')] as const;
  const fds = options.noPipes ? outFiles.map((f) => openSync(f, 'w')) : undefined;
  // Spawned asynchronously: a fake server answering it may live in this process.
  const r = await new Promise<Omit<Traced, 'lines'>>((resolve) => {
    const child = spawn(process.execPath, ['--import', join(ROOT, 'test/support/trace-imports.mjs'), BIN, ...args], {
      env: cleanEnv({ ...env, SCOUT_TRACE_IMPORTS: file }),
      stdio: ['ignore', fds?.[0] ?? 'pipe', fds?.[1] ?? 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => {
      if (fds) {
        for (const fd of fds) closeSync(fd);
        stdout = readFileSync(outFiles[0], 'utf8');
        stderr = readFileSync(outFiles[1], 'utf8');
      }
      resolve({ status, stdout, stderr });
    });
  });
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Nothing recorded (the process did not start).
  }
  return { ...r, lines: text.split('\n').filter(Boolean) };
}
