/**
 * Keccak-256 (the hash Ethereum uses, not NIST's SHA3-256, which pads differently) and the EIP-55
 * checksum of an address. Small and dependency-free: --help loads validate.ts, which checks a
 * mixed-case address's checksum before any request (as cast does). The permutation works on 64-bit
 * lanes held as pairs of 32-bit halves; its constants are derived, not typed in.
 */

/** The round constants of Keccak-f[1600], from its LFSR, as [low, high] 32-bit halves. */
const ROUND_CONSTANTS: readonly (readonly [number, number])[] = (() => {
  let r = 1;
  const bit = (): number => {
    const out = r & 1;
    r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    return out;
  };
  const rounds: [number, number][] = [];
  for (let i = 0; i < 24; i++) {
    let lo = 0;
    let hi = 0;
    for (let j = 0; j < 7; j++) {
      if (!bit()) continue;
      const pos = (1 << j) - 1;
      if (pos < 32) lo |= 1 << pos;
      else hi |= 1 << (pos - 32);
    }
    rounds.push([lo >>> 0, hi >>> 0]);
  }
  return rounds;
})();

/** For each lane x + 5y: its rotation (rho) and where pi moves it. */
const ROTATION: number[] = new Array<number>(25).fill(0);
const TARGET: number[] = new Array<number>(25).fill(0);
{
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    ROTATION[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  for (let i = 0; i < 25; i++) {
    const lx = i % 5;
    const ly = Math.floor(i / 5);
    TARGET[i] = ly + 5 * ((2 * lx + 3 * ly) % 5);
  }
}

/** Keccak-f[1600] on `s`: 25 lanes, lane i at s[2i] (low half) and s[2i+1] (high half). */
function permute(s: Uint32Array): void {
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  for (const [rcLo, rcHi] of ROUND_CONSTANTS) {
    // theta
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x]! ^ s[2 * x + 10]! ^ s[2 * x + 20]! ^ s[2 * x + 30]! ^ s[2 * x + 40]!;
      c[2 * x + 1] = s[2 * x + 1]! ^ s[2 * x + 11]! ^ s[2 * x + 21]! ^ s[2 * x + 31]! ^ s[2 * x + 41]!;
    }
    for (let x = 0; x < 5; x++) {
      const nLo = c[2 * ((x + 1) % 5)]!;
      const nHi = c[2 * ((x + 1) % 5) + 1]!;
      const dLo = c[2 * ((x + 4) % 5)]! ^ ((nLo << 1) | (nHi >>> 31));
      const dHi = c[2 * ((x + 4) % 5) + 1]! ^ ((nHi << 1) | (nLo >>> 31));
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] = s[2 * (x + y)]! ^ dLo;
        s[2 * (x + y) + 1] = s[2 * (x + y) + 1]! ^ dHi;
      }
    }
    // rho and pi
    for (let i = 0; i < 25; i++) {
      const lo = s[2 * i]!;
      const hi = s[2 * i + 1]!;
      const n = ROTATION[i]!;
      const t = TARGET[i]!;
      if (n === 0) {
        b[2 * t] = lo;
        b[2 * t + 1] = hi;
      } else if (n < 32) {
        b[2 * t] = (lo << n) | (hi >>> (32 - n));
        b[2 * t + 1] = (hi << n) | (lo >>> (32 - n));
      } else if (n === 32) {
        b[2 * t] = hi;
        b[2 * t + 1] = lo;
      } else {
        const m = n - 32;
        b[2 * t] = (hi << m) | (lo >>> (32 - m));
        b[2 * t + 1] = (lo << m) | (hi >>> (32 - m));
      }
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = x + y;
        const i1 = ((x + 1) % 5) + y;
        const i2 = ((x + 2) % 5) + y;
        s[2 * i] = b[2 * i]! ^ (~b[2 * i1]! & b[2 * i2]!);
        s[2 * i + 1] = b[2 * i + 1]! ^ (~b[2 * i1 + 1]! & b[2 * i2 + 1]!);
      }
    }
    // iota
    s[0] = s[0]! ^ rcLo;
    s[1] = s[1]! ^ rcHi;
  }
}

/** Keccak-256 of `data`: 32 bytes. */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const state = new Uint32Array(50);
  const padded = new Uint8Array(Math.floor(data.length / rate) * rate + rate);
  padded.set(data);
  padded[data.length] = 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! | 0x80;
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 4; i++) {
      state[i] = state[i]! ^ (padded[off + 4 * i]! | (padded[off + 4 * i + 1]! << 8) | (padded[off + 4 * i + 2]! << 16) | (padded[off + 4 * i + 3]! << 24));
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const w = state[i]!;
    out[4 * i] = w & 0xff;
    out[4 * i + 1] = (w >>> 8) & 0xff;
    out[4 * i + 2] = (w >>> 16) & 0xff;
    out[4 * i + 3] = (w >>> 24) & 0xff;
  }
  return out;
}

/** The EIP-55 spelling of an address (`0x` and 40 hex digits, any case): hex digits upper-cased where the hash of the lower-case text says. */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}
