/**
 * Runs the real built command (`node bin/scout.js …`) as a child process, the way a user or a script
 * does, and collects what it printed and its exit code. Only for what needs a real process (pipes,
 * signals, start-up); everything else uses the in-process twin in ./scout.ts, in the same clean
 * environment (`cleanEnv`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'scout.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Extra environment; the parent's SCOUT_* variables, colour settings and CI are never passed on. */
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

const home = mkdtempSync(join(tmpdir(), 'scout-home-'));

/** A clean environment: no user config, no keys, no colour forcing from the outer shell. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(SCOUT_|NO_COLOR$|FORCE_COLOR$|CI$|XDG_CONFIG_HOME$|XDG_CACHE_HOME$|HOME$)/.test(k)) continue;
    env[k] = v;
  }
  env.HOME = home;
  env.XDG_CONFIG_HOME = join(home, '.config');
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Runs `scout args…` and resolves when it exits. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: cleanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
