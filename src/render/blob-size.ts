/**
 * A blob's size, counted from its hex: for the blob lists' columns (beacon.ts) and for `tx show`,
 * which reads no more of those lists than this.
 */
import type { Blob } from '../api/schemas.js';

/** The bytes of a blob, counted from its hex data; undefined when the explorer sent no data. */
export function blobBytes(b: Pick<Blob, 'blob_data'>): number | undefined {
  const d = b.blob_data;
  return typeof d === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(d) ? (d.length - 2) / 2 : undefined;
}
