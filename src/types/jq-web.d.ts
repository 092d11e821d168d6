// Types for jq-web (jq compiled to WebAssembly, shipped inside the package; render/jq.ts loads it).
declare module 'jq-web' {
  /** The loaded module: jq run on one JSON text as `echo <json> | jq <flags> <filter>` would. */
  interface JqWeb {
    /**
     * jq's standard output, less one trailing newline (undefined when it printed nothing). A
     * non-zero exit throws an Error with `exitCode` (3: the filter does not compile, 5: it failed
     * at run time) and `stderr`.
     */
    raw(json: string, filter: string, flags?: string[]): string | undefined;
  }
  const jq: Promise<JqWeb>;
  export default jq;
}
