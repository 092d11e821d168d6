/**
 * The one byte order mark strip: a leading U+FEFF is dropped, as undici's text() and TextDecoder drop
 * it, wherever text comes from a file or a response body. (The streaming JSON scanner skips the same
 * three bytes as it reads, before any text exists: json/scanner.ts.)
 */

/** `text` without a leading byte order mark. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** UTF-8 bytes as text, a leading byte order mark dropped. */
export function utf8Text(bytes: Buffer): string {
  return withoutBom(bytes.toString('utf8'));
}
