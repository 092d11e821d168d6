/**
 * SHA-256 (FIPS 180-4) in JavaScript, for short inputs: the response cache names and checks its
 * entries with it (api/cache.ts), and loading node:crypto for that costs more than a whole `--cache`
 * hit otherwise does (5-8 ms). Checked against node:crypto in test/base/sha256.test.ts. Its round
 * constants are the first 32 bits of the fractional parts of the cube roots of the first 64 primes,
 * and the initial state those of the square roots of the first 8: derived here, not typed in.
 */

/** The first `n` primes. */
function primes(n: number): number[] {
  const found: number[] = [];
  for (let c = 2; found.length < n; c++) {
    let prime = true;
    for (let i = 0; prime && found[i]! * found[i]! <= c; i++) prime = c % found[i]! !== 0;
    if (prime) found.push(c);
  }
  return found;
}

/** The first 32 bits of the fractional part of `x`, exact for the roots taken here (doubles hold 52). */
const frac32 = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) >>> 0;

const K = Int32Array.from(primes(64), (p) => frac32(Math.cbrt(p)));
const H0 = Int32Array.from(primes(8), (p) => frac32(Math.sqrt(p)));

/**
 * The SHA-256 of `data` (UTF-8 for a string) as 64 lower-case hex digits. Written for V8's
 * interpreter, where a short run's hashing runs: plain locals and typed arrays of int32, no
 * destructuring, no DataView calls (this form takes a third of the instructions the plain one did).
 */
export function sha256Hex(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const n = bytes.length;
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of 64-byte blocks.
  const blocks = Math.ceil((n + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[n] = 0x80;
  const end = padded.length;
  const high = Math.floor(n / 2 ** 29);
  const low = (n * 8) >>> 0;
  padded[end - 8] = high >>> 24;
  padded[end - 7] = high >>> 16;
  padded[end - 6] = high >>> 8;
  padded[end - 5] = high;
  padded[end - 4] = low >>> 24;
  padded[end - 3] = low >>> 16;
  padded[end - 2] = low >>> 8;
  padded[end - 1] = low;

  const k = K;
  const w = new Int32Array(64);
  let h0 = H0[0]! | 0;
  let h1 = H0[1]! | 0;
  let h2 = H0[2]! | 0;
  let h3 = H0[3]! | 0;
  let h4 = H0[4]! | 0;
  let h5 = H0[5]! | 0;
  let h6 = H0[6]! | 0;
  let h7 = H0[7]! | 0;
  for (let off = 0; off < end; off += 64) {
    for (let i = 0, j = off; i < 16; i++, j += 4) w[i] = (padded[j]! << 24) | (padded[j + 1]! << 16) | (padded[j + 2]! << 8) | padded[j + 3]!;
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + k[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  return hex8(h0) + hex8(h1) + hex8(h2) + hex8(h3) + hex8(h4) + hex8(h5) + hex8(h6) + hex8(h7);
}

/** A 32-bit word as 8 lower-case hex digits. */
const hex8 = (x: number): string => (x >>> 0).toString(16).padStart(8, '0');
