// Lists the exports of src/ (tests left out) that no other file of src/ names: an export used only in its
// own file is a name the module need not show. A re-export from an index.ts counts as a use (the package's
// entry points are its public names). Usage: node scripts/own-file-exports.mjs
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

const found = [];
for (const [path, text] of texts) {
  if (/\.test\.ts$/.test(path) || path.includes('/test-support/')) continue;
  for (const match of text.matchAll(EXPORT)) {
    const name = match[1];
    const users = [...(words.get(name) ?? [])].filter((other) => other !== path);
    if (users.length === 0) found.push(`${relative(ROOT, path)}: ${name}`);
  }
}
found.sort();
for (const line of found) console.log(line);
console.log(`${found.length} export(s) named in no other file`);
