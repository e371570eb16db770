// Lists the exports of src/ (tests left out) that no other file of src/ names: an export used only in its
// own file is a name the module need not show. Two kinds stay exported and are not listed:
// - a re-export from an index.ts counts as a use, by name or by `export * from` the file (the package's
//   entry points, src/index.ts first, are its public names);
// - a type named in another export's signature of the same file (a parameter, a result, a field): the
//   declaration emit writes it into the .d.ts, and a caller must be able to name what it passes.
// Usage: node scripts/own-file-exports.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const SRC = join(ROOT, 'src');
const EXPORT = /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const texts = new Map([...files(SRC)].map((path) => [path, readFileSync(path, 'utf8')]));
const words = new Map();
for (const [path, text] of texts)
  for (const word of new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
    if (!words.has(word)) words.set(word, new Set());
    words.get(word).add(path);
  }

/** The files an index.ts re-exports whole (`export * from './x.js'`), as absolute .ts paths. */
const starExported = new Set();
for (const [path, text] of texts) {
  if (!path.endsWith('/index.ts')) continue;
  for (const match of text.matchAll(/^export\s+\*\s+from\s+'(\.[^']+)\.js';/gm))
    starExported.add(join(path, '..', `${match[1]}.ts`));
}

/**
 * What a declaration shows: a function's or class's signature (to the brace that opens its body), a
 * type's or interface's whole text, a constant's first line (its annotation).
 */
function signatureOf(text, index, kind) {
  const rest = text.slice(index);
  if (kind === 'interface' || kind === 'type' || kind === 'enum') {
    const end = rest.search(/^(?:\}|[^\s}][^\n]*;)\s*$/m);
    return end < 0 ? rest : rest.slice(0, rest.indexOf('\n', end) + 1 || undefined);
  }
  if (kind === 'const' || kind === 'let') return rest.slice(0, rest.indexOf('\n'));
  const body = rest.search(/\)(?:\s*:[^\n]*)?\s*\{\s*$|^export\s+class[^\n]*\{\s*$/m);
  return body < 0 ? rest.slice(0, rest.indexOf('\n')) : rest.slice(0, rest.indexOf('\n', body));
}

const KIND = /^export\s+(?:declare\s+)?(?:async\s+)?(function\*?|const|let|class|interface|type|enum)\s/;

const found = [];
for (const [path, text] of texts) {
  if (/\.test\.ts$/.test(path) || path.includes('/test-support/')) continue;
  if (starExported.has(path)) continue;
  const exports = [...text.matchAll(EXPORT)].map((match) => {
    const kind = KIND.exec(match[0])?.[1] ?? 'const';
    return { name: match[1], kind, signature: signatureOf(text, match.index, kind) };
  });
  for (const { name, kind } of exports) {
    const users = [...(words.get(name) ?? [])].filter((other) => other !== path);
    if (users.length > 0) continue;
    const isType = ['interface', 'type', 'enum', 'class'].includes(kind);
    const shownBy = isType && exports.some(
      (other) => other.name !== name && new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(other.signature),
    );
    if (!shownBy) found.push(`${relative(ROOT, path)}: ${name}`);
  }
}
found.sort();
for (const line of found) console.log(line);
console.log(`${found.length} export(s) named in no other file`);
