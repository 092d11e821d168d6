/**
 * What a standard descriptor is, asked without making its process stream: the entry (launch.ts)
 * decides help and which streams to make before the program loads, and node-io.ts how to write.
 */
import { fstatSync } from 'node:fs';

/** A terminal, a pipe (or socket), a file (or a device such as /dev/null), or undefined when it is not open. */
export type DescriptorKind = 'terminal' | 'pipe' | 'file' | undefined;

/** What `fd` is. node:tty (which loads node:net and the streams) is asked only of a character device. */
export function descriptorKind(fd: number): DescriptorKind {
  let stat;
  try {
    stat = fstatSync(fd);
  } catch {
    return undefined;
  }
  if (stat.isFIFO() || stat.isSocket()) return 'pipe';
  if (stat.isCharacterDevice()) return process.getBuiltinModule('node:tty').isatty(fd) ? 'terminal' : 'file';
  return 'file';
}
