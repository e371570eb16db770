#!/usr/bin/env node
// Byte-level mutation fuzzer: takes realistic sessions and damages them the way disks, editors and
// concurrent writers do (flipped bytes, dropped or doubled quotes and backslashes, cut lines, spliced
// lines, stray CRs, invalid UTF-8), so that the fast reader's fallbacks meet every odd shape.
// usage: mutate-sessions.mjs --from DIR --out DIR [--variants N] [--seed S]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseFlags, seededRandom } from './lib/cli.mjs';

const args = parseFlags();
const variants = Number(args.variants ?? 3);
const { rnd, pick } = seededRandom(args.seed ?? 11);
const SPLICES = [
  '"',
  '\\',
  '\\"',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '\r',
  '\n',
  '\xff',
  '\xc3',
  '"type":"user"',
  '"type":"assistant"',
  '"is_error":true',
  '"isMeta":true',
  '"text":"stop"',
  '\\u00e9',
  '\\ud83d',
  'null',
  '"uuid":5',
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.jsonl') && !name.endsWith('.ledger.jsonl')) yield path;
  }
}

function mutate(buf) {
  const out = Buffer.from(buf);
  const edits = 1 + Math.floor(rnd() * 40);
  let data = out;
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rnd() * data.length);
    const kind = rnd();
    if (kind < 0.3) data[at] = Math.floor(rnd() * 256);
    else if (kind < 0.6)
      data = Buffer.concat([data.subarray(0, at), Buffer.from(pick(SPLICES), 'latin1'), data.subarray(at)]);
    else if (kind < 0.8)
      data = Buffer.concat([
        data.subarray(0, at),
        data.subarray(Math.min(data.length, at + 1 + Math.floor(rnd() * 40))),
      ]);
    else {
      const nl = data.indexOf(10, at);
      if (nl > 0) data = Buffer.concat([data.subarray(0, nl), data.subarray(nl + 1)]);
    }
  }
  return data;
}

mkdirSync(args.out, { recursive: true });
let n = 0;
for (const path of files(args.from)) {
  const original = readFileSync(path);
  for (let v = 0; v < variants; v++) {
    writeFileSync(join(args.out, `${basename(path, '.jsonl')}-m${v}.jsonl`), mutate(original));
    n++;
  }
}
console.error(`wrote ${n} mutated sessions to ${args.out}`);
