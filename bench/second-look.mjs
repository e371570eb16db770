#!/usr/bin/env node
// The second look measured on hand-labelled real sessions (eval/gate-labels.jsonl), in two steps, so that
// whoever answers the prompts never sees a label:
//   second-look.mjs prompts CORPUS_DIR --out DIR [--split S] [--labels FILE]
//     lists the sessions whose calibrated score lies in the band and writes each one's exact prompt to
//     DIR/<session>.txt (the prompt only), then prints how many sessions are sent (their share), how many
//     for cues under the band, and per split the recall ceiling (rough flagged or sent, over all rough).
//   second-look.mjs score CORPUS_DIR --answers DIR [--split S] [--labels FILE] [--by-language]
//     reads DIR/<session>.json for each band session, validates it through the library exactly as the
//     command does, and prints gate alone against gate + second look per split (precision, recall, F1,
//     TP/FP/FN/TN), with --by-language also for English and non-English sessions, and the refused answers.
// A band session without an answer file keeps the gate's verdict (counted as unread).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { metrics, readLabels, typedLanguage } from './lib/labelled.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { prepareSecondLook, decideFromText, unread } = await import(
  join(here, '..', 'dist', 'second-look', 'index.js')
);
const { gateSessionSync } = await import(join(here, '..', 'dist', 'gate', 'index.js'));
const { bundledModelPrices } = await import(join(here, '..', 'dist', 'cost', 'bundled-prices.js'));
/** Models whose bundled list prices the reading cost is given at (a strong one and a small one). */
const PRICED_MODELS = ['claude-sonnet-4-5', 'claude-haiku-4-5'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    labels: { type: 'string', default: join(here, '..', 'eval', 'gate-labels.jsonl') },
    split: { type: 'string', default: 'all' },
    out: { type: 'string' },
    answers: { type: 'string' },
    'by-language': { type: 'boolean', default: false },
  },
});
const [step, corpus] = positionals;
if (!['prompts', 'score'].includes(step) || !corpus || !existsSync(corpus)) {
  console.error('usage: second-look.mjs prompts|score CORPUS_DIR (--out DIR | --answers DIR) [--split S]');
  process.exit(2);
}
const labels = readLabels(values.labels);
const splits = values.split === 'all' ? [...new Set(labels.map((e) => e.split))] : values.split.split(',');
const chosen = labels.filter(
  (e) => splits.includes(e.split) && existsSync(join(corpus, `${e.session}.jsonl`)),
);
const gate = { profile: 'calibrated', env: {}, ledgerPath: null };

const cases = chosen.map((entry) => {
  const path = join(corpus, `${entry.session}.jsonl`);
  return { entry, path, found: prepareSecondLook(path, { gate }) };
});
const banded = cases.filter((c) => c.found.inBand);
const decided = (list) => list.filter((c) => c.entry.label !== 'unclear').length;
console.log(
  `band: ${banded.length} of ${cases.length} sessions (${pct(banded.length, cases.length)}); of the decided ones ${decided(banded)} of ${decided(cases)} (${pct(decided(banded), decided(cases))})`,
);

const byCue = banded.filter((c) => c.found.sentBy === 'cue').length;
console.log(`sent for cues under the band: ${byCue}; in the band: ${banded.length - byCue}`);
// The recall ceiling: rough sessions the gate flags or the second look reads, over all rough (no answer can
// find more), and the rough share among the decided sessions sent (what the reader must sort).
const rough = (list) => list.filter((c) => c.entry.label === 'rough');
const reached = (list) => rough(list).filter((c) => c.found.verdict.passed || c.found.inBand).length;
for (const split of [...splits, ...(splits.length > 1 ? ['all'] : [])]) {
  const part = cases.filter((c) => split === 'all' || c.entry.split === split);
  const sentPart = part.filter((c) => c.found.inBand);
  console.log(
    `${split.padEnd(8)} sent ${sentPart.length} of ${part.length} (${pct(sentPart.length, part.length)}); recall ceiling ${reached(part)}/${rough(part).length}; rough among decided sent ${rough(sentPart).length}/${decided(sentPart)}`,
  );
}

if (step === 'prompts') {
  if (!values.out) throw new Error('prompts needs --out DIR (the folder the prompts are written to)');
  mkdirSync(values.out, { recursive: true });
  for (const c of banded) writeFileSync(join(values.out, `${c.entry.session}.txt`), c.found.prompt);
  const chars = banded.map((c) => c.found.prompt.length);
  console.log(
    `wrote ${banded.length} prompts; characters per prompt: median ${median(chars)}, largest ${Math.max(...chars)}, total ${chars.reduce((a, b) => a + b, 0)}`,
  );
  // The local work the second look adds, side by side in one run: the gate over every session, against
  // building the view and the prompt of the band sessions (a second pass over each of their files).
  // One untimed pass first, so that neither timing pays for the first compiles.
  for (const c of cases) prepareSecondLook(c.path, { gate });
  const gateMs = timed(() => {
    for (const c of cases) gateSessionSync(c.path, gate);
  });
  const lookMs = timed(() => {
    for (const c of cases) prepareSecondLook(c.path, { gate });
  });
  console.log(
    `local time: the gate over ${cases.length} sessions ${gateMs.toFixed(0)} ms; gate + second-look prompts ${lookMs.toFixed(0)} ms (x${(lookMs / gateMs).toFixed(2)})`,
  );
} else {
  if (!values.answers) throw new Error('score needs --answers DIR (the folder of <session>.json answers)');
  const rows = [];
  const refusedAnswers = [];
  const answerTexts = [];
  let unreadCount = 0;
  for (const c of cases) {
    const file = join(values.answers, `${c.entry.session}.json`);
    let outcome = unread(c.found);
    if (c.found.inBand && existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      answerTexts.push(text);
      outcome = decideFromText(c.found, text);
    }
    if (outcome.status === 'unread') unreadCount++;
    if (outcome.status === 'invalid') refusedAnswers.push(`${c.entry.session}: ${outcome.why}`);
    const language = values['by-language'] ? typedLanguage(c.path) : undefined;
    rows.push({
      ...c.entry,
      language,
      gate: outcome.gateFlagged,
      after: outcome.flagged,
      inBand: c.found.inBand,
      sentBy: c.found.sentBy,
      kind: outcome.answer?.kind,
    });
  }
  const line = (name, part) => {
    const g = metrics(part.map((r) => ({ label: r.label, flagged: r.gate })));
    const s = metrics(part.map((r) => ({ label: r.label, flagged: r.after })));
    console.log(`${name.padEnd(22)} gate ${figures(g)}  ->  second look ${figures(s)}`);
  };
  for (const split of [...splits, ...(splits.length > 1 ? ['all'] : [])]) {
    const part = rows.filter((r) => split === 'all' || r.split === split);
    line(split, part);
    if (values['by-language'])
      for (const language of ['English', 'non-English'])
        line(
          `${split} ${language}`,
          part.filter((r) => r.language === language),
        );
  }
  line(
    'band only',
    rows.filter((r) => r.inBand),
  );
  line(
    'band, under threshold',
    rows.filter((r) => r.inBand && !r.gate),
  );
  line(
    'band, over threshold',
    rows.filter((r) => r.inBand && r.gate),
  );
  // The sessions sent for a cue under the band alone: whether the cues send sessions worth reading.
  line(
    'sent for cues',
    rows.filter((r) => r.inBand && r.sentBy === 'cue'),
  );
  // What each kind of answer was, by label: where a reader's "rough" goes wrong.
  const byKind = new Map();
  for (const r of rows.filter((row) => row.inBand && row.kind !== undefined)) {
    const counts = byKind.get(r.kind) ?? { rough: 0, smooth: 0, unclear: 0 };
    counts[r.label] += 1;
    byKind.set(r.kind, counts);
  }
  for (const [kind, counts] of byKind)
    console.log(
      `  answered ${kind.padEnd(12)} labelled rough ${counts.rough}, smooth ${counts.smooth}, unclear ${counts.unclear}`,
    );
  const changed = rows.filter((r) => r.gate !== r.after);
  console.log(
    `verdicts changed: ${changed.length} (${changed.filter((r) => r.after === (r.label === 'rough') && r.label !== 'unclear').length} to the label, ${changed.filter((r) => r.label !== 'unclear' && r.after !== (r.label === 'rough')).length} away from it, ${changed.filter((r) => r.label === 'unclear').length} unclear); unread ${unreadCount}; answers refused ${refusedAnswers.length}`,
  );
  for (const why of refusedAnswers) console.log(`  refused ${why}`);
  readingCost(
    banded.map((c) => c.found.prompt),
    answerTexts,
  );
}

/** Tokens estimated as the deep read estimates them (4 characters a token), priced at the bundled list prices. */
function readingCost(prompts, answers) {
  const tokens = (texts) => texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  const input = tokens(prompts);
  const output = tokens(answers);
  const at = new Date('2026-12-01T00:00:00Z');
  const priced = PRICED_MODELS.map((model) => {
    const prices = bundledModelPrices(model, at);
    const rate = (price) => (typeof price === 'number' ? price : price.base);
    const usd = (input * rate(prices.input_mtok) + output * rate(prices.output_mtok)) / 1e6;
    return `${model} $${usd.toFixed(2)} ($${(usd / prompts.length).toFixed(4)} a session)`;
  });
  console.log(
    `reading cost: ${prompts.length} prompts, ${input} input tokens, ${output} output tokens (estimated); at list prices ${priced.join(', ')}`,
  );
}

function timed(work) {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function pct(part, whole) {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}
function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
function figures(m) {
  const f = (n) => n.toFixed(2);
  return `P=${f(m.precision)} R=${f(m.recall)} F1=${f(m.f1)} (TP ${m.tp}, FP ${m.fp}, FN ${m.fn}, TN ${m.tn})`;
}
