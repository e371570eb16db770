// Lists the functions of src/ (tests left out) longer than a limit (default 80 lines) that give no reason
// in a comment: a `// long: <why>` line inside the function or just above it, or a `Long on purpose: <why>`
// line in its doc comment. Exit status 1
// when any is listed, so that the list can be kept empty. Usage: node scripts/long-functions.mjs [LIMIT]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const SRC = join(ROOT, 'src');
const LIMIT = Number(process.argv[2] ?? 80);
/** `// long: <why>`, or a doc comment's line `Long on purpose: <why>`. */
const REASON = /(?:\/\/|\*)\s*long(?: on purpose)?:\s*\S/i;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') yield* sourceFiles(path);
    } else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) yield path;
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

const found = [];
for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node);
    if (isFunction && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = end - start + 1;
      const leading = text.slice(node.getFullStart(), node.getStart(source));
      if (lines > LIMIT && !REASON.test(leading) && !REASON.test(node.body.getText(source)))
        found.push({ lines, where: `${relative(ROOT, file)}:${start + 1}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
console.log(`${found.length} function(s) over ${LIMIT} lines without a reason`);
process.exitCode = found.length > 0 ? 1 : 0;
