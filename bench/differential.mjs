#!/usr/bin/env node
// Differential check of `retrospect gate` against the Python reference gate (bench/reference/gate.py) on
// generated, fuzzed and mutated sessions: every verdict must be identical (byte for byte, or as a JSON
// value where the reference escapes non-ASCII characters).
// usage: differential.mjs DIR...
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { gateSessionSync, formatVerdictJson } = await import(join(here, '..', 'dist', 'gate', 'index.js'));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.jsonl') && !name.endsWith('.ledger.jsonl')) yield path;
  }
}

let same = 0;
let differ = 0;
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    const ledger = path.replace(/\.jsonl$/, '.ledger.jsonl');
    const env = {
      ...process.env,
      FRICTION_LEDGER: existsSync(ledger) ? ledger : join(dir, 'no-ledger.jsonl'),
    };
    const ours = formatVerdictJson(gateSessionSync(path, { env, profile: 'seed' }).verdict);
    const ref = spawnSync('python3', [join(here, 'reference', 'gate.py'), path], {
      env,
      encoding: 'utf8',
    }).stdout.trim();
    // The reference escapes non-ASCII (json.dumps' default); compare values when the bytes differ.
    if (
      ours === ref ||
      (ref.startsWith('{') && JSON.stringify(JSON.parse(ours)) === JSON.stringify(JSON.parse(ref)))
    )
      same++;
    else {
      differ++;
      if (differ <= 5) console.log(`DIFF ${path}\n  ours: ${ours}\n  ref:  ${ref}`);
    }
  }
}
console.log(`differential: ${same} identical, ${differ} different`);
process.exitCode = differ === 0 ? 0 : 1;
