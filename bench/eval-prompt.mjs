#!/usr/bin/env node
// How much of what the person said reaches the deep-read prompt, on real Claude Code sessions: for each
// session of a corpus folder (by default the ones eval/deepread-labels.jsonl labels rough), build the
// prompt through the built library (nothing is sent anywhere) and report whether the opening request is
// in it, the share of the person's turns it holds, and the evidence tokens it uses against the budget,
// for both reader kinds (remote, agent) and for the seed's prompt.
//
// A human turn is counted here from the raw JSONL, independently of the library's own reading: a `user`
// line that is not meta, not a sub-agent's, carries no tool result, and, once the IDE's attachments and
// system reminders are removed, is not a harness line (slash-command wrappers, `<task-notification>`,
// interrupt markers, the compaction summary, a message wrapped whole in one tag, a one-line notice such as
// `Unknown skill: x` or a bare `[Image #1]`). A turn is present when
// the first 60 characters of its text (whitespace collapsed, lower case) occur in the prompt.
//
// The transcripts are not in the repository: each label names its source (repository, path, commit). Put
// each file at <corpus>/<session>.jsonl and pass the folder. Needs `npm run build` first.
//
// usage: node bench/eval-prompt.mjs --corpus DIR [--labels FILE] [--label rough|smooth|all]
//                                   [--split dev|heldout] [--budget TOKENS] [--json] [--quiet]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/cli.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const flags = parseFlags();
if (typeof flags.corpus !== 'string') {
  console.error(
    'usage: node bench/eval-prompt.mjs --corpus DIR [--labels FILE] [--label rough|smooth|all] [--split dev|heldout] [--budget TOKENS] [--json] [--quiet]',
  );
  process.exit(2);
}
const labelsPath =
  typeof flags.labels === 'string' ? flags.labels : join(ROOT, 'eval', 'deepread-labels.jsonl');
const wanted = typeof flags.label === 'string' ? flags.label : 'rough';
const budget = typeof flags.budget === 'string' ? Number(flags.budget) : 24_000;
const { planDeepRead } = await import(join(ROOT, 'dist', 'index.js'));

const labels = readFileSync(labelsPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line))
  .filter((label) => wanted === 'all' || label.label === wanted)
  .filter((label) => flags.split === undefined || label.split === flags.split);

const ATTACHED = /<(ide_[a-z_]+|system-reminder)>[\s\S]*?<\/\1>/g;
const HARNESS =
  /^(?:<(?:command-[a-z]+|local-command-[a-z]+|bash-[a-z]+|task-notification|user-prompt-submit-hook|user-memory-input)>|\[Request interrupted by user|Caveat: The messages below|This session is being continued)/;
const WRAPPED = /^<([a-z][a-z0-9_-]*)>[\s\S]*<\/\1>$/;
const NOTICE = /^(?:Unknown (?:skill|command|slash command): \S+|\[Image #\d+\]|\[Pasted text #\d+[^\]]*\])$/;

/** The person's turns of a Claude Code transcript, read from its lines alone. */
function humanTurns(path) {
  const turns = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim().length === 0) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry?.type !== 'user' || entry.isMeta === true || entry.isSidechain === true) continue;
    const content = entry.message?.content;
    let text;
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) {
      if (content.some((block) => block?.type === 'tool_result')) continue;
      text = content
        .filter((block) => block?.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text)
        .join('\n');
    } else continue;
    text = text.replace(ATTACHED, '').trim();
    if (text.length === 0 || HARNESS.test(text) || WRAPPED.test(text) || NOTICE.test(text)) continue;
    turns.push(text);
  }
  return turns;
}

const normal = (text) => text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
const headOf = (text) => normal(text).slice(0, 60);

const project = mkdtempSync(join(tmpdir(), 'retro-eval-prompt-'));
const KINDS = [
  { name: 'remote', options: { audience: 'remote' } },
  { name: 'agent', options: { audience: 'agent' } },
  { name: 'seed', options: { promptProfile: 'seed' } },
];
const rows = [];
let missing = 0;
try {
  for (const label of labels) {
    const path = join(flags.corpus, `${label.session}.jsonl`);
    if (!existsSync(path)) {
      missing += 1;
      continue;
    }
    const turns = humanTurns(path);
    const row = { session: label.session, split: label.split, turns: turns.length, kinds: {} };
    for (const kind of KINDS) {
      const plan = await planDeepRead(path, {
        cwd: project,
        persist: false,
        tokenBudget: budget,
        ...kind.options,
      });
      const prompt = normal(plan.prompt);
      const present = turns.filter((turn) => prompt.includes(headOf(turn))).length;
      const opening = turns.length > 0 && prompt.includes(headOf(turns[0]));
      const used = plan.windows.cuts.tokensUsed + (plan.turns?.tokens ?? 0);
      // `passed` is the gate's "score passed the threshold": the session is flagged rough.
      row.flagged = plan.verdict.passed === true;
      row.kinds[kind.name] = {
        opening,
        present,
        share: turns.length === 0 ? 1 : present / turns.length,
        tokensUsed: used,
        leaksPath: plan.prompt.includes(path),
        whole: plan.prompt.includes('The whole session fits the budget'),
      };
    }
    rows.push(row);
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

function summary(selected) {
  const out = {};
  for (const kind of KINDS) {
    const ks = selected.map((r) => r.kinds[kind.name]);
    const withTurns = selected.filter((r) => r.turns > 0);
    const totalTurns = selected.reduce((n, r) => n + r.turns, 0);
    const presentTurns = ks.reduce((n, k) => n + k.present, 0);
    const used = ks.map((k) => k.tokensUsed / budget).sort((a, b) => a - b);
    out[kind.name] = {
      sessions: selected.length,
      opening: `${withTurns.filter((r) => r.kinds[kind.name].opening).length}/${withTurns.length}`,
      turns: `${presentTurns}/${totalTurns}`,
      turnShare: totalTurns === 0 ? 1 : presentTurns / totalTurns,
      worstSessionShare: Math.min(...ks.map((k) => k.share)),
      noHumanWord: selected.filter((r) => r.turns > 0 && r.kinds[kind.name].present === 0).length,
      budgetUsedMedian: used[Math.floor(used.length / 2)] ?? 0,
      budgetUsedMax: used.at(-1) ?? 0,
      leaksPath: ks.filter((k) => k.leaksPath).length,
      wholeSession: ks.filter((k) => k.whole).length,
    };
  }
  return out;
}

const report = {
  corpus: 'CORPUS',
  label: wanted,
  budget,
  missing,
  all: summary(rows),
  flagged: summary(rows.filter((r) => r.flagged)),
};
if (flags.json) console.log(JSON.stringify({ ...report, rows }, null, 2));
else {
  const pct = (x) => `${Math.round(x * 100)}%`;
  for (const [name, group] of [
    ['all', report.all],
    ['flagged by the gate', report.flagged],
  ]) {
    console.log(`${wanted} sessions, ${name}:`);
    for (const [kind, s] of Object.entries(group))
      console.log(
        `  ${kind.padEnd(6)} ${s.sessions} sessions; opening request ${s.opening}; human turns ${s.turns} (${pct(s.turnShare)}, worst session ${pct(s.worstSessionShare)}); no human word in ${s.noHumanWord}; budget used median ${pct(s.budgetUsedMedian)}, max ${pct(s.budgetUsedMax)}; shown whole ${s.wholeSession}; local path in ${s.leaksPath}`,
      );
  }
  if (missing > 0) console.log(`${missing} labelled session(s) not in the corpus`);
  if (!flags.quiet)
    for (const r of rows) {
      const k = r.kinds.remote;
      if (k.share < 1 || !k.opening)
        console.log(`  ${r.session}: ${k.present}/${r.turns} turns, opening ${k.opening ? 'yes' : 'NO'}`);
    }
}
