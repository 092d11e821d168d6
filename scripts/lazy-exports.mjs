// Namespace objects filled when their module is evaluated, not at start (scripts/build.mjs).
//
// esbuild gives a module that is imported dynamically (or as a namespace) an object of getters, one
// per export, and fills it at the top of the bundle: every run of the program filled all 131 of
// them (about 500 getters, 0.6 ms on Node 24) whether their modules ran or not, and every code
// cache carried the getters' functions (a quarter of the program's top level, which every run
// deserialises). A module that esbuild evaluates lazily (wrapped in its `__esm` helper: each
// import() target and what only such modules import) is evaluated before anyone reads its
// namespace: esbuild writes an import() or a require() of it as `(init(), namespace)`, and a module
// that imports it calls `init()` before its own code. Filling the object as the module starts
// evaluating, before the modules it imports (which may import it back), is the same to every reader.
//
// `lazyExports` does that on esbuild's minified output. A namespace moves only when everything
// agrees: its filling is a statement of its own (`;X(ns,{…});`), the bundle reads it only as
// `(init(),ns)` with one init, and that init is the first lazily evaluated module defined after the
// statement, as esbuild lays a module out (its namespace, its functions, its init). Anything else
// stays where it was.

/** esbuild's minified helpers, found by their shape: `__export(target, getters)` and `__esm(fn)`; undefined without both. */
function helpers(text) {
  const exportFn = /[,;{ ](\w+)=\((\w),(\w)\)=>\{for\(var (\w) in \3\)\w+\(\2,\4,\{get:\3\[\4\],enumerable:!0\}\)\}/.exec(text)?.[1];
  const esmFn = /[,;{ ](\w+)=\((\w),(\w),(\w)\)=>\(\)=>\{if\(\4\)throw \4\[0\];try\{return \2&&\(\3=\2\(\2=0\)\),\3\}/.exec(text)?.[1];
  return exportFn && esmFn ? { exportFn, esmFn } : undefined;
}

/** Moves each lazily evaluated module's namespace filling to the start of its init; returns the text and how many moved. */
export function lazyExports(text) {
  const found = helpers(text);
  if (!found) return { text, moved: 0 };
  const { exportFn, esmFn } = found;
  const fills = [...text.matchAll(new RegExp(`;${exportFn}\\((\\w+),\\{[^{}]*\\}\\);`, 'g'))];
  // Which inits each namespace is read after.
  const readAfter = new Map();
  for (const m of text.matchAll(/\((\w+)\(\),(\w+)\)/g)) {
    if (!readAfter.has(m[2])) readAfter.set(m[2], new Set());
    readAfter.get(m[2]).add(m[1]);
  }
  const initAt = new RegExp(`[,; ](\\w+)=${esmFn}\\(\\(\\)=>\\{`, 'g');
  const edits = [];
  for (const fill of fills) {
    const ns = fill[1];
    const inits = readAfter.get(ns);
    if (!inits || inits.size !== 1) continue;
    const [init] = inits;
    const end = fill.index + fill[0].length;
    initAt.lastIndex = end;
    const next = initAt.exec(text);
    if (!next || next[1] !== init) continue;
    let at = next.index + next[0].length;
    // A 'use strict' directive stays the body's first statement.
    if (text.startsWith('"use strict";', at)) at += '"use strict";'.length;
    // The statement without its leading ';' (which stays, ending the one before it).
    edits.push({ from: fill.index + 1, to: end, at, statement: fill[0].slice(1) });
  }
  const cuts = edits.flatMap((e) => [
    { at: e.from, to: e.to, insert: '' },
    { at: e.at, to: e.at, insert: e.statement },
  ]);
  cuts.sort((a, b) => a.at - b.at);
  let out = '';
  let done = 0;
  for (const c of cuts) {
    out += text.slice(done, c.at) + c.insert;
    done = c.to;
  }
  return { text: out + text.slice(done), moved: edits.length };
}
