#!/usr/bin/env node
// Precision, recall and F1 of each gate profile on hand-labelled real sessions (eval/gate-labels.jsonl).
// A session labelled `rough` should be flagged, `smooth` should not; `unclear` ones are reported but not
// scored. Transcripts are not in the repository: rebuild the corpus from the listed sources (eval/README.md)
// and pass its folder (files named <session>.jsonl), or several: each session is read from the first that
// holds it (the dev3 split's transcripts can live in a folder of their own).
// usage: eval-gate.mjs CORPUS_DIR [CORPUS_DIR...] [--labels FILE] [--split dev|dev2|dev3|dev4|heldout|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|a,b|all]
//                     [--exclude LABELS_FILE]
//                     [--profile seed|calibrated] [--quiet] [--by-language] [--save FILE] [--compare FILE]
//                     (or RETRO_EVAL_CORPUS=CORPUS_DIR)
// --exclude leaves out the sessions another label file lists (another set's labels, scored only where new).
// --by-language also prints each split's figures for English and non-English sessions, told apart by the
// person's typing (see typedLanguage): the issue's goal counts recall on non-English sessions separately.
// --save writes each session's verdict and hit reasons (JSON); --compare FILE, given a file saved before a
// change, prints each split before -> after and, for the sessions of the chosen splits whose hits changed,
// the hits added and taken away: a reading that changes no verdict on the tuning splits is judged by the
// rough and smooth sessions it adds hits in (docs/gate.md, version 5). Compare on the tuning splits
// (dev,dev2,dev3,dev4) only.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { metrics, readLabels, typedLanguage } from './lib/labelled.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { gateSessionSync, GATE_PROFILES } = await import(join(here, '..', 'dist', 'gate', 'index.js'));

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    labels: { type: 'string', default: join(here, '..', 'eval', 'gate-labels.jsonl') },
    split: { type: 'string', default: 'all' },
    exclude: { type: 'string' },
    profile: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'by-language': { type: 'boolean', default: false },
    save: { type: 'string' },
    compare: { type: 'string' },
  },
});
const corpora = positionals.length > 0 ? positionals : [process.env.RETRO_EVAL_CORPUS].filter(Boolean);
const absent = corpora.filter((dir) => !existsSync(dir));
if (corpora.length === 0 || absent.length > 0) {
  console.error(
    `usage: eval-gate.mjs CORPUS_DIR [CORPUS_DIR...] (folders of <session>.jsonl; see eval/README.md)${absent.length > 0 ? `; not found: ${absent.join(', ')}` : ''}`,
  );
  process.exit(2);
}
const corpus = corpora.join(', ');
/** The session's transcript in the first corpus folder that holds it (the last folder's path when none does). */
const transcriptPath = (session) => {
  const paths = corpora.map((dir) => join(dir, `${session}.jsonl`));
  return paths.find((path) => existsSync(path)) ?? paths.at(-1);
};
const excluded = new Set(values.exclude ? readLabels(values.exclude).map((entry) => entry.session) : []);
const labels = readLabels(values.labels).filter((entry) => !excluded.has(entry.session));
const splits =
  values.split === 'all' ? [...new Set(labels.map((entry) => entry.split))] : values.split.split(',');
const profiles = values.profile ? [values.profile] : [...GATE_PROFILES];

const fixed = (n) => n.toFixed(2);
const figures = (m) =>
  `${fixed(m.precision)}/${fixed(m.recall)}/${fixed(m.f1)} (${m.tp}, ${m.fp}, ${m.fn}, ${m.tn})`;
const saved = {};
const before = values.compare ? JSON.parse(readFileSync(values.compare, 'utf8')) : undefined;

/** Each split before -> after, and the hits added and taken away in the sessions whose hits changed. */
function compare(profile, rows) {
  const old = before[profile] ?? {};
  const oldRows = rows
    .filter((r) => old[r.session])
    .map((r) => ({ ...r, flagged: old[r.session].flagged, hits: old[r.session].hits }));
  for (const split of [...splits, ...(splits.length > 1 ? ['all'] : [])]) {
    const part = (list) => list.filter((r) => split === 'all' || r.split === split);
    console.log(
      `${profile.padEnd(10)} ${split.padEnd(7)} ${figures(metrics(part(oldRows)))} -> ${figures(metrics(part(rows)))}`,
    );
  }
  const changed = { rough: 0, smooth: 0, unclear: 0 };
  for (const r of rows) {
    const was = old[r.session];
    const now = hitsOf(r);
    if (!was || JSON.stringify(was.hits) === JSON.stringify(now)) continue;
    changed[r.label] = (changed[r.label] ?? 0) + 1;
    const flag = was.flagged === r.flagged ? '' : `, flag ${was.flagged} -> ${r.flagged}`;
    console.log(`  [${r.split}] ${r.label} ${r.session} score ${was.score} -> ${r.verdict.score}${flag}`);
    for (const hit of without(now, was.hits)) console.log(`     + ${hit}`);
    for (const hit of without(was.hits, now)) console.log(`     - ${hit}`);
  }
  console.log(
    `  sessions whose hits changed: ${changed.rough} rough, ${changed.smooth} smooth, ${changed.unclear} unclear`,
  );
}

/** The hits of `list` that `other` does not hold, counting repeats ("counts twice" twice). */
function without(list, other) {
  const left = [...other];
  return list.filter((hit) => {
    const at = left.indexOf(hit);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

function hitsOf(row) {
  return (row.reasons ?? []).map((hit) => `${hit.signal}: ${hit.reason}`);
}
let missing = 0;
for (const profile of profiles) {
  const rows = [];
  for (const entry of labels) {
    if (!splits.includes(entry.split)) continue;
    const path = transcriptPath(entry.session);
    if (!existsSync(path)) {
      missing++;
      continue;
    }
    const result = gateSessionSync(path, { profile, env: {}, ledgerPath: null });
    const language = values['by-language'] ? typedLanguage(path) : undefined;
    rows.push({
      ...entry,
      language,
      flagged: result.verdict.passed,
      verdict: result.verdict,
      reasons: result.reasons,
    });
  }
  for (const split of [...splits, ...(splits.length > 1 ? ['all'] : [])]) {
    const part = rows.filter((r) => split === 'all' || r.split === split);
    const m = metrics(part);
    const unclear = part.filter((r) => r.label === 'unclear');
    console.log(
      `${profile.padEnd(10)} ${split.padEnd(7)} n=${m.tp + m.fp + m.fn + m.tn} (+${unclear.length} unclear, ${unclear.filter((r) => r.flagged).length} flagged)  P=${fixed(m.precision)} R=${fixed(m.recall)} F1=${fixed(m.f1)}  TP=${m.tp} FP=${m.fp} FN=${m.fn} TN=${m.tn}`,
    );
  }
  saved[profile] = Object.fromEntries(
    rows.map((r) => [
      r.session,
      { split: r.split, label: r.label, flagged: r.flagged, score: r.verdict.score, hits: hitsOf(r) },
    ]),
  );
  if (before) compare(profile, rows);
  if (values['by-language'])
    for (const split of [...splits, ...(splits.length > 1 ? ['all'] : [])])
      for (const language of ['English', 'non-English']) {
        const part = rows.filter((r) => (split === 'all' || r.split === split) && r.language === language);
        const m = metrics(part);
        console.log(
          `${profile.padEnd(10)} ${split.padEnd(7)} ${language.padEnd(11)} n=${m.tp + m.fp + m.fn + m.tn}  P=${fixed(m.precision)} R=${fixed(m.recall)}  TP=${m.tp} FP=${m.fp} FN=${m.fn} TN=${m.tn}`,
        );
      }
  if (values.quiet) continue;
  for (const r of rows) {
    const wrong = (r.label === 'rough' && !r.flagged) || (r.label === 'smooth' && r.flagged);
    if (!wrong) continue;
    const kind = r.flagged ? 'FP' : 'FN';
    const signals = r.verdict.signals.map((s) => `${s.name}x${s.count}`).join(' ') || 'none';
    console.log(`  ${kind} [${r.split}] ${r.session} (${r.repo}) score=${r.verdict.score} ${signals}`);
    console.log(`     label: ${r.label} — ${r.reason}`);
    for (const hit of (r.reasons ?? []).slice(0, 6)) console.log(`     ${hit.signal}: ${hit.reason}`);
  }
}
if (values.save) writeFileSync(values.save, `${JSON.stringify(saved)}\n`);
if (missing > 0) console.error(`${missing} labelled sessions are missing from ${corpus}`);
