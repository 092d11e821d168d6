/**
 * Where jq comes from: jq-web's files in node_modules, found from here. The single-file build
 * (scripts/build.mjs) replaces this module with one that carries jq's script and its WebAssembly
 * inline, so that file runs with no node_modules beside it.
 */
import { createRequire } from 'node:module';

/** jq-web's entry script by path, or its text with the WebAssembly (gzipped, base64) inline. */
export type JqSource = string | { source: string; wasm: string };

export function jqSource(): JqSource {
  return createRequire(import.meta.url).resolve('jq-web');
}
