#!/usr/bin/env node
// Builds the real-session benchmark corpus of bench/real.mjs from a folder of labelled real transcripts
// (the one bench/eval-corpus.mjs rebuilds from the sources in eval/gate-labels.jsonl). Writes, outside this
// repository (licences of the transcripts vary, so nothing of them is committed):
//   OUT/tree/projects/<folder>/<uuid>.jsonl  the sessions replicated under fresh session ids until the tree
//                                            holds about --tree-mb, in Claude Code's layout (the folder is
//                                            the session's working directory encoded the way Claude Code does)
//   OUT/concat-100mb.jsonl                   whole sessions, one after another, until about --concat-mb
//   OUT/typical.jsonl                        one real session: the labelled one whose size is nearest --typical-mb
//   OUT/manifest.json                        what was written, and from which source files
// Replicas are deterministic (the same input gives the same tree): each fresh id is derived from the source
// id and the replica number, and every occurrence of a source session id in a replica is rewritten, so a
// replica's lines agree with each other the way a real session's do.
// usage: real-corpus.mjs --in DIR --out DIR [--tree-mb 1000] [--concat-mb 100] [--typical-mb 2]
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    in: { type: 'string' },
    out: { type: 'string' },
    'tree-mb': { type: 'string', default: '1000' },
    'concat-mb': { type: 'string', default: '100' },
    'typical-mb': { type: 'string', default: '2' },
  },
});
if (!values.in || !values.out) {
  console.error(
    'usage: real-corpus.mjs --in DIR --out DIR [--tree-mb 1000] [--concat-mb 100] [--typical-mb 2]',
  );
  process.exit(2);
}
const inDir = resolve(values.in);
const outDir = resolve(values.out);
const repoRoot = resolve(new URL('..', import.meta.url).pathname);
if (!relative(repoRoot, outDir).startsWith('..')) {
  console.error(
    'real-corpus: --out must be outside this repository (the transcripts are not ours to commit)',
  );
  process.exit(2);
}
const megabytes = (name) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`real-corpus: --${name} expects a positive number of megabytes, got "${values[name]}"`);
    process.exit(2);
  }
  return n * 1e6;
};
const treeBytes = megabytes('tree-mb');
const concatBytes = megabytes('concat-mb');
const typicalBytes = megabytes('typical-mb');

// Sorted by name so the corpus does not depend on the order the file system lists the folder in.
const sources = readdirSync(inDir)
  .filter((n) => n.endsWith('.jsonl'))
  .sort()
  .map((name) => ({ name, path: join(inDir, name), size: statSync(join(inDir, name)).size }))
  .filter((s) => s.size > 0);
if (sources.length === 0) {
  console.error(`real-corpus: no .jsonl transcripts in ${inDir}`);
  process.exit(2);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SESSION_ID = /"sessionId":"([^"]+)"/g;

/** A v4-shaped uuid derived from a seed string: fresh for each replica, and the same on every build. */
function derivedUuid(seed) {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Claude Code names a project's folder after its working directory, every non-alphanumeric character a dash. */
function projectFolder(text) {
  const cwd = /"cwd":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  if (!cwd) return 'unknown-project';
  let decoded;
  try {
    decoded = JSON.parse(`"${cwd}"`);
  } catch {
    decoded = cwd;
  }
  return decoded.replace(/[^A-Za-z0-9]/g, '-').slice(0, 200) || 'unknown-project';
}

/** The session ids a transcript names (a resumed or forked session can carry more than one). */
function sessionIds(text, fileName) {
  const ids = new Set([fileName.replace(/\.jsonl$/, '')]);
  for (const m of text.matchAll(SESSION_ID)) ids.add(m[1]);
  return [...ids].filter((id) => id.length > 0);
}

function replicate(text, ids, replica) {
  const fresh = new Map(ids.map((id) => [id, derivedUuid(`${id}#${replica}`)]));
  // Only whole uuids that are session ids change; message uuids stay, they are unique within a session.
  const rewritten = text.replace(UUID, (u) => fresh.get(u) ?? u);
  return { text: rewritten, id: fresh.get(ids[0]) };
}

function writeAtomic(path, data) {
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

mkdirSync(outDir, { recursive: true });
const treeDir = join(outDir, 'tree');
rmSync(treeDir, { recursive: true, force: true });

// The tree: round after round over every source, each round one fresh replica of each, until the size is met.
let written = 0;
let files = 0;
let replica = 0;
const folders = new Set();
const loaded = new Map();
const load = (s) => {
  let entry = loaded.get(s.name);
  if (!entry) {
    const text = readFileSync(s.path, 'utf8');
    entry = { text, ids: sessionIds(text, s.name), folder: projectFolder(text) };
    loaded.set(s.name, entry);
  }
  return entry;
};
while (written < treeBytes) {
  for (const s of sources) {
    if (written >= treeBytes) break;
    const { text, ids, folder } = load(s);
    const copy = replicate(text, ids, replica);
    const dir = join(treeDir, 'projects', folder);
    if (!folders.has(dir)) {
      mkdirSync(dir, { recursive: true });
      folders.add(dir);
    }
    writeAtomic(join(dir, `${copy.id}.jsonl`), copy.text);
    written += Buffer.byteLength(copy.text);
    files++;
  }
  replica++;
}

// The concatenated file: whole sessions in name order (repeating under fresh ids if the folder is smaller).
const parts = [];
let concatWritten = 0;
for (let round = 0; concatWritten < concatBytes; round++) {
  for (const s of sources) {
    if (concatWritten >= concatBytes) break;
    const { text, ids } = load(s);
    const part = round === 0 ? text : replicate(text, ids, `concat-${round}`).text;
    const piece = part.endsWith('\n') ? part : `${part}\n`;
    parts.push(piece);
    concatWritten += Buffer.byteLength(piece);
  }
}
writeAtomic(join(outDir, 'concat-100mb.jsonl'), parts.join(''));

// The typical session: nearest in size to --typical-mb; on a tie, the first by name.
const typical = sources.reduce((best, s) =>
  Math.abs(s.size - typicalBytes) < Math.abs(best.size - typicalBytes) ? s : best,
);
writeAtomic(join(outDir, 'typical.jsonl'), readFileSync(typical.path));

const manifest = {
  sources: sources.length,
  tree: { files, bytes: written, folders: folders.size, replicas: replica },
  concat: { bytes: concatWritten, sessions: parts.length },
  typical: { source: typical.name, bytes: typical.size },
};
writeAtomic(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `real corpus: ${files} sessions / ${(written / 1e6).toFixed(0)} MB in ${folders.size} project folders, ` +
    `${(concatWritten / 1e6).toFixed(0)} MB concatenated (${parts.length} sessions), typical session ` +
    `${typical.name} (${(typical.size / 1e6).toFixed(2)} MB); from ${sources.length} sources`,
);
if (!existsSync(join(outDir, 'typical.jsonl'))) process.exit(1);
