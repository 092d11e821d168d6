/**
 * src/api/undici.ts takes undici's Pool and request API from their own files instead of its index
 * (start-up cost, BENCHMARKS.md). Those files are not a public API, so undici is pinned to one exact
 * version, and this test fails when an upgrade moves them or they stop being what the index exports.
 */
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as undici from 'undici';
import PrivatePool from 'undici/lib/dispatcher/pool.js';
import privateRequest from 'undici/lib/api/api-request.js';
import { describe, expect, it } from 'vitest';
import { Pool } from '../../src/api/undici.js';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

describe('undici, held by its internal module paths', () => {
  it('is pinned to one exact version, the one installed', () => {
    const pinned = pkg.dependencies.undici;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect((require('undici/package.json') as { version: string }).version).toBe(pinned);
  });

  it('lib/dispatcher/pool.js is the Pool the index exports, and src/api/undici.ts hands out that one', () => {
    expect(PrivatePool).toBe(undici.Pool);
    expect(Pool).toBe(undici.Pool);
  });

  it('lib/api/api-request.js is the request method of every Dispatcher', () => {
    expect(typeof privateRequest).toBe('function');
    expect(privateRequest).toBe(undici.Dispatcher.prototype.request);
    expect(privateRequest).toBe(undici.Pool.prototype.request);
  });
});

describe('HTTP/1.1 only', () => {
  it('the pools scout makes never allow HTTP/2 (the build leaves undici\'s HTTP/2 client out, scripts/build.mjs)', async () => {
    const { Transport } = await import('../../src/api/transport.js');
    const http = new Transport({ timeoutMs: 5_000, maxBodyBytes: 1024, userAgent: 't', signal: new AbortController().signal, redact: (t) => t });
    try {
      const pool: object = await http.pool('https://eth.blockscout.com');
      const options = Object.getOwnPropertySymbols(pool).find((s) => s.description === 'options');
      expect(options).toBeDefined();
      const held = (pool as Record<symbol, { allowH2?: unknown }>)[options!]!;
      expect(held).toHaveProperty('allowH2');
      expect(held.allowH2).toBeFalsy();
    } finally {
      await http.close();
    }
  });
});

describe('what the build puts in place of node:http, node:assert and llhttp\'s constants in undici (scripts/plugins.mjs)', () => {
  // undici's files that use them, as the pinned version holds them: the stand-ins give exactly what these read.
  const undiciLib = (file: string) => readFileSync(require.resolve(`undici/lib/${file}`), 'utf8');
  const lib = join(dirname(require.resolve('undici/package.json')), 'lib');
  const files = readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));

  it("node:http: only client.js's http.maxHeaderSize and util.js's IncomingMessage", () => {
    const users = files.filter((f) => /require\('node:http'\)/.test(undiciLib(f)));
    // mock-utils and fetch are never bundled (the program takes undici's Pool and request only).
    expect(users.sort()).toEqual(['core/util.js', 'dispatcher/client.js', 'mock/mock-utils.js', 'web/fetch/index.js']);
    expect(undiciLib('dispatcher/client.js').match(/\bhttp\.\w+/g)).toEqual(Array(5).fill('http.maxHeaderSize'));
    expect(undiciLib('core/util.js')).toMatch(/const \{ IncomingMessage \} = require\('node:http'\)/);
  });

  it("llhttp's constants: client-h1.js, their only reader, reads TYPE and ERROR of them, nothing else", () => {
    const readers = files.filter((f) => /llhttp\/constants\.js'\)/.test(undiciLib(f)));
    expect(readers).toEqual(['dispatcher/client-h1.js']);
    const uses = new Set(undiciLib('dispatcher/client-h1.js').match(/\bconstants\.(?!js')\w+/g));
    expect([...uses].sort()).toEqual(['constants.ERROR', 'constants.TYPE']);
  });

  it('node:assert: only ever called as assert(value[, message]), never a method of it', () => {
    for (const f of files.filter((f) => /require\('node:assert'\)/.test(undiciLib(f)))) {
      expect(undiciLib(f).match(/\bassert\.\w+/g), f).toBeNull();
    }
  });

  it('the Pools scout makes are given the header limit the stand-in states (Node\'s default)', async () => {
    const { maxHeaderSize } = await import('node:http');
    expect(maxHeaderSize).toBe(16384);
    const { Transport } = await import('../../src/api/transport.js');
    const http = new Transport({ timeoutMs: 5_000, maxBodyBytes: 1024, userAgent: 't', signal: new AbortController().signal, redact: (t) => t });
    try {
      const pool = (await http.pool('http://127.0.0.1:9')) as unknown as Record<symbol, unknown>;
      const options = Object.getOwnPropertySymbols(pool).map((s) => pool[s]).find((v) => v !== null && typeof v === 'object' && 'maxHeaderSize' in v) as { maxHeaderSize?: number } | undefined;
      expect(options?.maxHeaderSize).toBe(16384);
    } finally {
      await http.close();
    }
  });
});
