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
  for (let c = 2; found.length < n; c++) if (found.every((p) => c % p !== 0)) found.push(c);
  return found;
}

/** The first 32 bits of the fractional part of `x`, exact for the roots taken here (doubles hold 52). */
const frac32 = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) >>> 0;

const K = Uint32Array.from(primes(64), (p) => frac32(Math.cbrt(p)));
const H0 = Uint32Array.from(primes(8), (p) => frac32(Math.sqrt(p)));

/** The SHA-256 of `data` (UTF-8 for a string) as 64 lower-case hex digits. */
export function sha256Hex(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);

  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
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
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
    h[5] = (h[5]! + f) | 0;
    h[6] = (h[6]! + g) | 0;
    h[7] = (h[7]! + hh) | 0;
  }
  let hex = '';
  for (const x of h) hex += x.toString(16).padStart(8, '0');
  return hex;
}
