#!/usr/bin/env node
// Parity of the fast readers with the plain full-parse oracle: for every .jsonl under the given folders,
// the fast event reader must give deep-equal events and facts, and the gate's direct turn reader the
// oracle's events classified (ids no signal reads left blank) and the same facts. The calibrated profile
// must also give one verdict (and the same reasons) on its three reading paths: its direct reader (the
// gate command), the fast events (the hook's worker) and the oracle's events (scan --reader plain).
// With --two-threads, each file is also read by the gate's two-thread reader (src/gate/split-read.ts), cut
// a little past its middle whatever its size, which must give the one-thread turns and facts.
// usage: fast-parity.mjs [--two-threads] DIR...
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { readTranscriptEvents } = await import(join(here, '..', 'dist', 'transcript', 'read.js'));
const { readTranscriptEventsFast } = await import(
  join(here, '..', 'dist', 'transcript', 'claude', 'fast', 'read.js')
);
const { readGateTurnsFast, withUnreadIdBlank } = await import(
  join(here, '..', 'dist', 'gate', 'fast-turns.js')
);
const { classifyTurn } = await import(join(here, '..', 'dist', 'gate', 'turns.js'));
const { gateSessionSync } = await import(join(here, '..', 'dist', 'gate', 'index.js'));
const { readGateTurnsSplit } = await import(join(here, '..', 'dist', 'gate', 'split-read.js'));
const { GATE_LONG_LINES } = await import(join(here, '..', 'dist', 'gate', 'long-lines.js'));

const args = process.argv.slice(2);
const twoThreads = args.includes('--two-threads');
let twoThreadReads = 0;

/** Whether the two-thread read of `path` gives the one-thread turns and facts (the worker forced on). */
function twoThreadsAgree(path) {
  const one = [];
  const oneFacts = readGateTurnsFast(path, (t) => one.push(t), { longLines: GATE_LONG_LINES });
  const two = [];
  const twoFacts = readGateTurnsSplit(path, (t) => two.push(t), {
    minBytes: 0,
    firstShare: 0.5,
    coreFree: () => true,
    onOutcome: (outcome) => {
      if (outcome === 'two-threads') twoThreadReads++;
    },
  });
  return isDeepStrictEqual(one, two) && isDeepStrictEqual(oneFacts, twoFacts);
}

/** The calibrated verdict and reasons of one file read by `read` (undefined: the gate's own reader). */
function calibrated(path, read) {
  const options = { profile: 'calibrated', env: {}, ledgerPath: null, ...(read ? { read } : {}) };
  const { verdict, reasons } = gateSessionSync(path, options);
  return { verdict, reasons };
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.jsonl')) yield path;
  }
}

let same = 0;
let differ = 0;
const stats = { fast: 0, fallback: 0 };
for (const dir of args.filter((arg) => arg !== '--two-threads')) {
  for (const path of statSync(dir).isDirectory() ? files(dir) : [dir]) {
    const plain = [];
    const fast = [];
    const plainFacts = readTranscriptEvents(path, (e) => plain.push(e));
    const fastFacts = readTranscriptEventsFast(path, (e) => fast.push(e), { stats });
    const turns = [];
    const turnFacts = readGateTurnsFast(path, (t) => turns.push(t));
    const oracleTurns = plain.map((e) => withUnreadIdBlank(classifyTurn(e)));
    const direct = calibrated(path);
    const paths =
      isDeepStrictEqual(direct, calibrated(path, readTranscriptEventsFast)) &&
      isDeepStrictEqual(direct, calibrated(path, readTranscriptEvents));
    if (
      isDeepStrictEqual(plain, fast) &&
      isDeepStrictEqual(plainFacts, fastFacts) &&
      isDeepStrictEqual(oracleTurns, turns) &&
      isDeepStrictEqual(plainFacts, turnFacts) &&
      paths &&
      (!twoThreads || twoThreadsAgree(path))
    ) {
      same++;
      continue;
    }
    differ++;
    if (differ <= 5) {
      const at = plain.findIndex((e, i) => !isDeepStrictEqual(e, fast[i]));
      console.log(`DIFF ${path}${paths ? '' : ' (calibrated verdicts differ between reading paths)'}`);
      console.log('  facts', JSON.stringify(plainFacts), JSON.stringify(fastFacts));
      if (at >= 0)
        console.log(
          `  event ${at}\n  plain: ${JSON.stringify(plain[at])}\n  fast:  ${JSON.stringify(fast[at])}`,
        );
      else console.log(`  events: plain ${plain.length}, fast ${fast.length}`);
      const turnAt = oracleTurns.findIndex((t, i) => !isDeepStrictEqual(t, turns[i]));
      if (turnAt >= 0)
        console.log(
          `  turn ${turnAt}\n  oracle: ${JSON.stringify(oracleTurns[turnAt])}\n  direct: ${JSON.stringify(turns[turnAt])}`,
        );
    }
  }
}
console.log(
  `fast-parity: ${same} identical, ${differ} different (lines: ${stats.fast} fast, ${stats.fallback} fell back)${twoThreads ? `; ${twoThreadReads} read on two threads (the others' first half holds under 50 lines)` : ''}`,
);
process.exitCode = differ === 0 ? 0 : 1;
