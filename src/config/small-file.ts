/**
 * Reads a small local file (a key file, the config file, the chains cache) without trusting what the
 * path points at: `/dev/zero` would be read forever, a FIFO would block the open until someone
 * writes, `/dev/stdin` would wait for a terminal. Only a regular file of at most `maxBytes` is read;
 * the open does not block (O_NONBLOCK), and at most `maxBytes + 1` bytes are read even if the file
 * grows while we read it.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** The largest key file or config file read: 64 KiB. */
export const SMALL_FILE_MAX = 64 * 1024;

/** Why a file was not read, in words for one error line; `code` is the errno code when there is one. */
export class FileRefused extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Why a file could not be opened, in words (the errno code for the rare ones). */
const OPEN_WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
};

/**
 * The warning a file holding a key gets when other users can read it, or undefined (never on
 * Windows, whose modes say nothing of that; nor when the file cannot be looked at any more).
 */
export function readableByOthers(path: string, shownPath: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    if (statSync(path).mode & 0o044) return `${shownPath} holds a key and other users can read it; run: chmod 600 ${shownPath}`;
  } catch {
    // It was readable a moment ago; a stat failure here is not worth refusing the command.
  }
  return undefined;
}

function sizeWords(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;
}

/** The file's text (UTF-8). Throws FileRefused: missing (code ENOENT), unreadable, not a regular file, too large. */
export function readSmallFile(path: string, maxBytes = SMALL_FILE_MAX): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new FileRefused((code && OPEN_WORDS[code]) ?? code ?? 'cannot open it', code);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileRefused('it is a directory', 'EISDIR');
    if (!st.isFile()) throw new FileRefused('not a regular file');
    const tooLarge = () => new FileRefused(`larger than ${sizeWords(maxBytes)}`);
    if (st.size > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let n = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - n));
      let got: number;
      try {
        got = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new FileRefused(code ?? 'cannot read it', code);
      }
      if (got === 0) break;
      chunks.push(chunk.subarray(0, got));
      n += got;
      if (n > maxBytes) throw tooLarge();
    }
    return Buffer.concat(chunks, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
