/**
 * Packaging: `npm pack` makes a tarball holding only what runs (build output, bin, completions,
 * README, LICENSE), and installing it globally gives a working `scout` on PATH.
 *
 * The pack runs in a copy of the project (sources, package.json, node_modules linked), with npm's
 * scripts: prepack clears dist/ and prepare builds it, so the tarball never carries a stale build and
 * the working tree's dist/ (which other suites are running) is never touched. The install resolves
 * dependencies from npm's cache first (--prefer-offline).
 */
import { execFile, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; files: string[] };

/** The environment for npm: ours, minus what `npm test` set for the outer project. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(package_|lifecycle_|config_(local_prefix|prefix|global_prefix|global)$)/i.test(k)) continue;
    env[k] = v;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: 240_000 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return r;
}

const ALLOWED = /^(package\.json|README\.md|LICENSE|bin\/(scout\.js|package\.json)|completions\/(scout\.bash|_scout|scout\.fish)|dist\/.+\.(js|d\.ts)|dist\/cli\/(launch\.cjs|help\.json|(program|undici|ox|parquet|ens|ora)\.cjs|(program|undici|ox|parquet|ens|ora)\.cjs\.LEGAL\.txt))$/;

let work: string;
let tarball: string;
let packed: string[];
let srv: FakeServer;

beforeAll(async () => {
  srv = await startServer();
  work = mkdtempSync(join(tmpdir(), 'scout-pack-'));
  const project = join(work, 'project');
  for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src', 'scripts', ...pkg.files.filter((f) => !f.startsWith('dist') && !f.startsWith('!'))]) {
    cpSync(join(ROOT, entry), join(project, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
  const r = npm(['pack', '--json', '--pack-destination', work], project);
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, report[0]!.filename);
  packed = report[0]!.files.map((f) => f.path).sort();
}, 300_000);

afterAll(() => srv.close());

describe('npm pack', () => {
  it('holds only what runs: the build output, bin, completions, README, LICENSE', () => {
    expect(packed.filter((p) => !ALLOWED.test(p))).toEqual([]);
    expect(packed).not.toContain('dist/cli/meta.json');
    // The single file is for copying alone (README: Install); the package runs from its parts.
    expect(packed).not.toContain('dist/scout.cjs');
    for (const must of ['bin/scout.js', 'bin/package.json', 'dist/cli/launch.cjs', 'dist/cli/help.json', 'dist/cli/program.cjs', 'dist/cli/undici.cjs', 'dist/cli.js', 'dist/index.js', 'dist/index.d.ts', 'completions/scout.bash', 'completions/_scout', 'completions/scout.fish', 'README.md', 'LICENSE', 'package.json']) {
      expect(packed).toContain(must);
    }
  });

  it('its build is fresh: one .js per source module and nothing else', () => {
    const sources = spawnSync('find', ['src', '-name', '*.ts', '!', '-name', '*.d.ts'], { cwd: ROOT, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js'))
      .sort();
    // The library (tsc, one file per module) beside the bundled command (dist/cli/, built by esbuild:
    // the entry, the program in one file and its parts, and the help texts).
    expect(packed.filter((p) => p.endsWith('.js') && p.startsWith('dist/') && !p.startsWith('dist/cli/'))).toEqual(sources);
    const parts = ['ens', 'ora', 'ox', 'parquet', 'undici'].map((n) => `dist/cli/${n}.cjs`);
    expect(packed.filter((p) => p.startsWith('dist/cli/') && !p.endsWith('.LEGAL.txt')).sort()).toEqual(['dist/cli/help.json', 'dist/cli/launch.cjs', ...parts, 'dist/cli/program.cjs'].sort());
  });
});

describe('a global install of the tarball', () => {
  let prefix: string;
  const scout = (...args: string[]) =>
    spawnSync(join(prefix, 'bin', 'scout'), args, { encoding: 'utf8', env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, HOME: work } });

  beforeAll(() => {
    prefix = join(work, 'prefix');
    npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], work);
  }, 300_000);

  it('puts a working scout on PATH', () => {
    const v = scout('--version');
    expect(v).toMatchObject({ status: 0, stdout: `${pkg.version}\n`, stderr: '' });
    // Help from the text the build rendered (dist/cli/help.json ships).
    expect(scout('tx', 'show', '--help')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage: scout tx show \[options\] <hash>\n/), stderr: '' });
    const which = spawnSync('sh', ['-c', 'command -v scout'], { encoding: 'utf8', env: { PATH: `${join(prefix, 'bin')}:/usr/bin:/bin` } });
    expect(which.stdout.trim()).toBe(join(prefix, 'bin', 'scout'));
  });

  it('runs --jq with the jq it installed (no install script ran: jq ships inside its package)', () => {
    expect(scout('chains', '--jq', '.[0].name')).toMatchObject({ status: 0, stdout: 'Ethereum\n', stderr: '' });
  });

  it('runs a lookup with its installed dependencies, and ships the completions', async () => {
    // Asynchronously: the local server answering it lives in this process.
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(join(prefix, 'bin', 'scout'), ['address', 'txs', ADDR.empty, '--base-url', srv.url, '--json'], { env: { PATH: process.env.PATH, HOME: work } }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(r).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    const installed = join(prefix, 'lib', 'node_modules', pkg.name);
    expect(readFileSync(join(installed, 'completions', 'scout.bash'), 'utf8')).toBe(scout('completion', 'bash').stdout);
    expect(existsSync(join(installed, 'src'))).toBe(false);
  });
});
