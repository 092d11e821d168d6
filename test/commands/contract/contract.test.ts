/**
 * `scout contract`: show, abi (and the proxy's implementation's) and source, printed or written
 * under --out. Source paths come from whoever verified the contract: every unsafe one is refused
 * before anything is written, and nothing ever lands outside the directory.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSegments, writeSources } from '../../../src/commands/contract/source-files.js';
import { objectMembers } from '../../../src/base/json/lossless.js';
import { HOSTILE_PATHS, type HostilePath, hostilePathContract, SAFE_THEN, TOKEN_ADDR } from '../../support/fake/tokens-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty = { stdoutIsTTY: true, width: 120, color: false };
const bodyOf = async (path: string) => (await fetch(srv.url + path)).text();
const contractBodyOf = (a: string) => bodyOf(`/api/v2/smart-contracts/${a}`);

/** A fresh directory holding `work/` (where sources go) beside nothing else. */
function sandbox(): { root: string; work: string } {
  const root = mkdtempSync(join(tmpdir(), 'scout-src-'));
  const work = join(root, 'work');
  return { root, work };
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

describe('contract show', () => {
  it('`scout contract <address>`: verified, name, language, compiler, optimisation, EVM, licence, proxy and implementation', async () => {
    const r = await scout(['contract', ADDR.contract], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Contract +UniversalRouter  ${ADDR.contract}\n`));
    expect(r.stdout).toMatch(/Verified +yes · full match · 2024-05-01 12:00:00 UTC\n/);
    expect(r.stdout).toMatch(/Language +solidity\nCompiler +v0\.8\.26\+commit\.8a97fa7a\nOptimisation +on, 200 runs\nEVM version +cancun\nLicense +mit\n/);
    expect(r.stdout).toMatch(new RegExp(`Proxy +eip1967\nImplementation +UniversalRouterV2  ${ADDR.contractImpl}\n`));
  });

  it('piped: one fact a line', async () => {
    const r = await scout(['contract', 'show', ADDR.contractImpl]);
    expect(r.stdout).toContain(`Address\t${ADDR.contractImpl}\nVerified\ttrue\n`);
    expect(r.stdout).toContain('Optimization\ttrue\nOptimization runs\t200\n');
    expect(r.stdout).toContain('File path\tcontracts/UniversalRouterV2.sol\nSource files\t3\nABI entries\t2\n');
  });

  it('a contract matched to a verified twin says so, with the twin', async () => {
    const r = await scout(['contract', TOKEN_ADDR.twin], tty);
    // Wrapped to the terminal's width under the value column.
    expect(r.stdout.replace(/\n {2,}/g, ' ')).toMatch(new RegExp(`Verified +no · its code matches the verified contract ${ADDR.contractImpl}, whose source is shown\n`));
    const piped = await scout(['contract', TOKEN_ADDR.twin]);
    expect(piped.stdout).toContain(`Verified\tfalse\n`);
    expect(piped.stdout).toContain(`Verified via bytecode database\ttrue\nVerified via Verifier Alliance\tfalse\nVerified twin\t${ADDR.contractImpl}\n`);
  });

  it('an unverified contract is shown as not verified, exit 0; an address that is no contract is exit 3', async () => {
    const r = await scout(['contract', TOKEN_ADDR.unverified]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Verified\tfalse\n');
    const eoa = await scout(['contract', ADDR.rich]);
    expect(eoa.code).toBe(3);
  });

  it('--json is the body as sent', async () => {
    const r = await scout(['contract', ADDR.contractImpl, '--json']);
    expect(r.stdout).toBe((await contractBodyOf(ADDR.contractImpl)) + '\n');
  });
});

describe('contract abi', () => {
  it('prints the "abi" array as sent, byte for byte (a 1.0e5 stays 1.0e5)', async () => {
    const r = await scout(['contract', 'abi', ADDR.contractImpl]);
    expect(r.code, r.stderr).toBe(0);
    const abi = objectMembers(await contractBodyOf(ADDR.contractImpl)).get('abi');
    expect(r.stdout).toBe(abi + '\n');
    expect(r.stdout).toContain('"gas":1.0e5');
  });

  it('--implementation follows the proxy to its implementation', async () => {
    const r = await scout(['contract', 'abi', ADDR.contract, '--implementation']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(objectMembers(await contractBodyOf(ADDR.contractImpl)).get('abi') + '\n');
    expect(r.stderr).toBe('');
    const own = await scout(['contract', 'abi', ADDR.contract]);
    expect(JSON.parse(own.stdout)).toEqual([{ stateMutability: 'payable', type: 'fallback' }]);
  });

  it('with several implementations, the first, and stderr names the others', async () => {
    const r = await scout(['contract', 'abi', TOKEN_ADDR.multiProxy, '--implementation']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(objectMembers(await contractBodyOf(ADDR.contractImpl)).get('abi') + '\n');
    expect(r.stderr).toBe(`scout: note: ${TOKEN_ADDR.multiProxy} has 2 implementations; using the first, ${ADDR.contractImpl} (the others: ${ADDR.usdc})\n`);
  });

  it('--implementation on a contract that is no proxy is exit 1, one line and a hint', async () => {
    const r = await scout(['contract', 'abi', ADDR.usdc, '--implementation']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: ${ADDR.usdc} is not a proxy: the explorer knows no implementation of it\nscout: leave out --implementation for its own ABI\n`);
  });

  it('no verified ABI is exit 3; a verified twin\'s ABI is used and named', async () => {
    const r = await scout(['contract', 'abi', TOKEN_ADDR.unverified]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`scout: no verified ABI for ${TOKEN_ADDR.unverified}: the explorer has no verified source for it\n`);
    const twin = await scout(['contract', 'abi', TOKEN_ADDR.twin]);
    expect(twin.code).toBe(0);
    expect(twin.stderr).toContain(`is not verified itself; this is the ABI of ${ADDR.contractImpl}`);
  });

  it('--jq filters the ABI', async () => {
    const r = await scout(['contract', 'abi', ADDR.contractImpl, '--jq', '.[].name']);
    expect(r.stdout).toBe('execute\nquote\n');
  });
});

describe('contract source, printed', () => {
  it('piped: the main source as sent', async () => {
    const r = await scout(['contract', 'source', ADDR.contractImpl]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(JSON.parse(await contractBodyOf(ADDR.contractImpl)).source_code);
  });

  it('on a terminal: escapes made visible, lines and tabs kept; piped they go as sent', async () => {
    const r = await scout(['contract', 'source', TOKEN_ADDR.evilContract], tty);
    expect(r.stdout).toBe('contract Evil {\n\t// \u241b]0;pwned\u2407 <U+009B>31m\n}\n');
    const piped = await scout(['contract', 'source', TOKEN_ADDR.evilContract]);
    expect(piped.stdout).toBe('contract Evil {\n\t// \u001b]0;pwned\u0007 \u009b31m\n}\n');
  });

  it('an unverified contract has no source: exit 3', async () => {
    const r = await scout(['contract', 'source', TOKEN_ADDR.unverified]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`scout: no verified source for ${TOKEN_ADDR.unverified}: the contract is not verified\n`);
  });

  it('--force without --out is exit 2 before any request', async () => {
    const from = srv.requests.length;
    const r = await scout(['contract', 'source', ADDR.contractImpl, '--force']);
    expect(r.code).toBe(2);
    expect(srv.requests.length).toBe(from);
  });
});

describe('contract source --out', () => {
  it('writes every file at its own relative path and prints the paths written', async () => {
    const { work } = sandbox();
    const r = await scout(['contract', 'source', ADDR.contractImpl, '--out', work]);
    expect(r.code, r.stderr).toBe(0);
    expect(filesUnder(work)).toEqual(['@openzeppelin/contracts/token/ERC20/IERC20.sol', 'contracts/UniversalRouterV2.sol', 'contracts/lib/Math.sol']);
    expect(readFileSync(join(work, 'contracts/UniversalRouterV2.sol'), 'utf8')).toBe(JSON.parse(await contractBodyOf(ADDR.contractImpl)).source_code);
    expect(readFileSync(join(work, 'contracts/lib/Math.sol'), 'utf8')).toBe('library Math {}\n');
    expect(r.stdout).toBe(
      [join(work, 'contracts/UniversalRouterV2.sol'), join(work, 'contracts/lib/Math.sol'), join(work, '@openzeppelin/contracts/token/ERC20/IERC20.sol')].join('\n') + '\n',
    );
  });

  it('a flattened source without a file path is written as <Name>.sol', async () => {
    const { work } = sandbox();
    const r = await scout(['contract', 'source', ADDR.usdc, '--out', work]);
    expect(r.code, r.stderr).toBe(0);
    expect(filesUnder(work)).toEqual(['FiatTokenV2.sol']);
  });

  it('an existing file is kept: exit 1 naming it, nothing written; --force overwrites', async () => {
    const { work } = sandbox();
    mkdirSync(join(work, 'contracts/lib'), { recursive: true });
    writeFileSync(join(work, 'contracts/lib/Math.sol'), 'mine\n');
    const r = await scout(['contract', 'source', ADDR.contractImpl, '--out', work]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: ${JSON.stringify(join(work, 'contracts/lib/Math.sol'))} exists; nothing was written\nscout: pass --force to overwrite existing files\n`);
    expect(filesUnder(work)).toEqual(['contracts/lib/Math.sol']);
    expect(readFileSync(join(work, 'contracts/lib/Math.sol'), 'utf8')).toBe('mine\n');
    const forced = await scout(['contract', 'source', ADDR.contractImpl, '--out', work, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(work, 'contracts/lib/Math.sol'), 'utf8')).toBe('library Math {}\n');
    expect(filesUnder(work)).toHaveLength(3);
  });

  const WHY: Record<HostilePath, RegExp> = {
    climbs: /climbs out of the directory/,
    climbsDeep: /climbs out of the directory/,
    absolute: /is absolute/,
    drive: /has a drive letter/,
    backslashClimb: /climbs out of the directory/,
    nul: /holds a NUL character/,
    control: /holds control or invisible characters/,
    empty: /is no file name/,
  };

  it.each(Object.keys(HOSTILE_PATHS) as HostilePath[])('a source path that %s is refused, exit 1, and nothing is written anywhere', async (kind) => {
    const { root, work } = sandbox();
    const r = await scout(['contract', 'source', hostilePathContract(kind), '--out', work]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(WHY[kind]);
    expect(r.stderr).toMatch(/^scout: refusing to write the contract's sources: the explorer sent the path .*; nothing was written\n$/);
    // Not even the safe file that came first, and nothing beside the directory.
    expect(filesUnder(root)).toEqual([]);
    expect(existsSync('/etc/scout-escape.sol')).toBe(false);
  });

  it('a symbolic link in the directory that points outside is refused before anything is written', async () => {
    const { root, work } = sandbox();
    const outside = join(root, 'outside');
    mkdirSync(outside);
    mkdirSync(work);
    symlinkSync(outside, join(work, 'contracts'));
    const r = await scout(['contract', 'source', ADDR.contractImpl, '--out', work]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/would be written through the symbolic link .*contracts", which points outside/);
    expect(filesUnder(outside)).toEqual([]);
    // The @openzeppelin file, which needs no link, was not written either.
    expect(existsSync(join(work, '@openzeppelin'))).toBe(false);
  });

  it('a file that is a symbolic link is never written through, even with --force', async () => {
    const { root, work } = sandbox();
    const target = join(root, 'target.sol');
    writeFileSync(target, 'keep\n');
    mkdirSync(join(work, 'contracts/lib'), { recursive: true });
    symlinkSync(target, join(work, 'contracts/lib/Math.sol'));
    const r = await scout(['contract', 'source', ADDR.contractImpl, '--out', work, '--force']);
    expect(r.code).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('keep\n');
  });

  it('the safe file of a hostile contract is written when its path is fine', async () => {
    const { work } = sandbox();
    const files = await writeSources([{ path: SAFE_THEN, code: 'x' }, { path: 'a/./b//c.sol', code: 'y' }], work);
    expect(files).toEqual([join(work, SAFE_THEN), join(work, 'a/b/c.sol')]);
  });
});

describe('pathSegments', () => {
  it('accepts relative paths, both separators, and drops . and empty segments', () => {
    expect(pathSegments('contracts/A.sol')).toEqual(['contracts', 'A.sol']);
    expect(pathSegments('a\\b.sol')).toEqual(['a', 'b.sol']);
    expect(pathSegments('./a//b.sol')).toEqual(['a', 'b.sol']);
    expect(pathSegments('@oz/x..y.sol')).toEqual(['@oz', 'x..y.sol']);
  });

  it.each([
    ['../x', /climbs/],
    ['a/../../x', /climbs/],
    ['a/..', /climbs/],
    ['/etc/x', /absolute/],
    ['\\\\server\\share\\x', /absolute/],
    ['C:\\x', /drive letter/],
    ['c:x', /drive letter/],
    ['a\u0000b', /NUL/],
    ['a\u202eb', /control or invisible/],
    ['a\nb', /control or invisible/],
    ['dir/', /names a directory/],
    ['.', /no file name/],
    ['', /no file name/],
  ])('refuses %j', (p, why) => {
    expect(() => pathSegments(p)).toThrow(why);
  });

  it('refuses two files at one path, and a file where another needs a directory', async () => {
    const { work } = sandbox();
    await expect(writeSources([{ path: 'a.sol', code: '' }, { path: './a.sol', code: '' }], work)).rejects.toThrow(/path of another of its files/);
    await expect(writeSources([{ path: 'a', code: '' }, { path: 'a/b.sol', code: '' }], work)).rejects.toThrow(/needs a directory/);
    expect(existsSync(work)).toBe(false);
  });
});
