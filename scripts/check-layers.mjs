#!/usr/bin/env node
/**
 * npm run lint runs this: the folders of the backend (lib/server) form a dependency order with no knot (docs/design.md §2,
 * issue 33). A node is a folder directly under lib/server (db, http, services, ...) or a file directly in it
 * (config.ts, errors.ts, ...). An edge is an import between two nodes: static `import`/`export ... from`, dynamic
 * `import()`, and type-only imports too (a type cycle is still a knot for a reader). Any cycle between nodes fails
 * with one import of each edge in it; so does a cycle between the files of one node (import/no-cycle of eslint sees
 * runtime imports only). Otherwise the order is printed, lowest first.
 *   node scripts/check-layers.mjs              the check (npm run lint)
 *   node scripts/check-layers.mjs --runtime    leave type-only imports out (what is loaded at run time)
 *   node scripts/check-layers.mjs --features   the feature folders of services/ as nodes of their own (a report:
 *                                              they still import each other; later work untangles them)
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER = path.join(ROOT, 'lib/server');
const withTypes = !process.argv.includes('--runtime');
const byFeature = process.argv.includes('--features');

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : walk(p);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The node a file of lib/server belongs to; null outside lib/server. */
function nodeOf(file) {
  const rel = path.relative(SERVER, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return parts[0];
  if (parts[0] === 'services' && byFeature) return parts.length === 2 ? 'services' : `services/${parts[1]}`;
  return parts[0];
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The imports of one file (without --runtime, type-only ones too). */
function importsOf(file) {
  const src = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  const stmt = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of src.matchAll(stmt)) {
    const [, , typeKw, clause, spec] = m;
    const names = /\{([^}]*)\}/.exec(clause);
    const onlyTypes =
      Boolean(typeKw) ||
      (names !== null &&
        !clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') &&
        names[1]
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .every((n) => n.startsWith('type ')));
    if (!onlyTypes || withTypes) out.push(spec);
  }
  for (const m of src.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    // `import('x').T` in a type position is a type, not a load.
    const after = src.slice(m.index + m[0].length);
    if (!/^\s*\./.test(after) || withTypes) out.push(m[1]);
  }
  return out;
}

const files = walk(SERVER);
/** node -> node -> one example "file -> imported file" */
const edges = new Map();
const fileEdges = new Map();
for (const file of files) {
  const from = nodeOf(file);
  for (const spec of importsOf(file)) {
    const target = resolve(file, spec);
    const to = target && nodeOf(target);
    if (!to) continue;
    if (withTypes && from === to) {
      if (!fileEdges.has(file)) fileEdges.set(file, new Set());
      fileEdges.get(file).add(target);
    }
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to))
      edges.get(from).set(to, `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
  }
}
const nodes = [...new Set(files.map(nodeOf))].sort();

/** Tarjan's strongly connected components; returned in reverse topological order (dependencies first). */
function components(vertices, next) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    onStack = new Set(),
    stack = [],
    out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      out.push(c.sort());
    }
  };
  for (const v of vertices) if (!idx.has(v)) visit(v);
  return out;
}

const sccs = components(nodes, (v) => [...(edges.get(v)?.keys() ?? [])].sort());
const knots = sccs.filter((c) => c.length > 1);
let failed = false;
if (knots.length) {
  failed = true;
  for (const knot of knots) {
    console.error(`check-layers: these folders of lib/server import each other: ${knot.join(', ')}`);
    for (const from of knot)
      for (const [to, example] of edges.get(from) ?? [])
        if (knot.includes(to)) console.error(`  ${from} -> ${to}  (${example})`);
  }
}
if (withTypes) {
  const fileKnots = components([...fileEdges.keys()].sort(), (v) => [...(fileEdges.get(v) ?? [])].sort()).filter(
    (c) => c.length > 1,
  );
  for (const knot of fileKnots) {
    failed = true;
    console.error(`check-layers: these files import each other: ${knot.map((f) => path.relative(ROOT, f)).join(', ')}`);
  }
}
if (failed) process.exit(1);
const what = withTypes ? 'imports, types included' : 'runtime imports';
console.log(`check-layers: lib/server in dependency order (${what}), lowest first:`);
for (const [i, [n]] of sccs.entries()) {
  const deps = [...(edges.get(n)?.keys() ?? [])].sort();
  console.log(`  ${String(i + 1).padStart(2)}. ${n}${deps.length ? `  <- imports ${deps.join(', ')}` : ''}`);
}
