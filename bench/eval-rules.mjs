#!/usr/bin/env node
// Rule quality on held-out sessions: does the built tool's deep read propose the lessons a careful engineer
// wrote down for each session (eval/rules-labels.jsonl, written before the tool ran), and are its
// fabrication anchors true?
//
// For every labelled session found in the corpus it runs the built CLI as a user would:
//   - `retrospect deep-read FILE --provider heuristic --json` (the offline read);
//   - with --answers DIR, `retrospect deep-read FILE --answer DIR/<session>.json --json` for each model
//     answer present (the validation path a model's answer takes); a build without `--answer` is reported,
//     never silently replaced by the heuristic;
//   - `retrospect deep-read FILE --dry-run --json`, for prompt coverage: whether the opening request and
//     which share of the person's turns appear in the prompt.
// Each proposal is printed with its citations beside the wanted rules, and marked when it cites none of
// the person's own words (only a path, a refusal's boilerplate, an interrupt marker, or agent text).
//
// Judging is by hand. `--json` prints a skeleton for a judgements file (one line per proposal and per
// fabrication anchor, `judgement: null`); fill in `judgement` (proposals: useful | vague | wrong | harmful;
// anchors: true | false) and `matches` (indexes of the session's wanted rules a useful proposal carries),
// then `--score FILE` computes the figures for one build.
//
// Every run happens in an empty temporary folder, so no anchor is written into any project.
// Needs `npm run build` first. Transcripts are not in the repository: put each at CORPUS/<session>.jsonl.
//
// usage: node bench/eval-rules.mjs --corpus DIR [--labels FILE] [--answers DIR] [--build NAME] [--only ID,...] [--json]
//        node bench/eval-rules.mjs --score JUDGEMENTS [--labels FILE] [--build NAME]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/cli.mjs';
import { isHumanTurn, parseLines, userText } from './lib/transcript.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'retrospect.js');
const flags = parseFlags();
const USAGE =
  'usage: node bench/eval-rules.mjs --corpus DIR [--labels FILE] [--answers DIR] [--build NAME] [--only ID,...] [--json]\n' +
  '       node bench/eval-rules.mjs --score JUDGEMENTS [--labels FILE] [--build NAME]';
const labelsPath = typeof flags.labels === 'string' ? flags.labels : join(ROOT, 'eval', 'rules-labels.jsonl');
const readJsonLines = (path) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line));
// --only ID,...: the labelled sessions whose id starts with one of these (a quick look at a few).
const only = typeof flags.only === 'string' ? flags.only.split(',').filter(Boolean) : [];
const labels = readJsonLines(labelsPath).filter(
  (l) => only.length === 0 || only.some((prefix) => l.session.startsWith(prefix)),
);

if (typeof flags.score === 'string') {
  score(readJsonLines(flags.score), typeof flags.build === 'string' ? flags.build : undefined);
  process.exit(0);
}
if (typeof flags.corpus !== 'string') {
  console.error(USAGE);
  process.exit(2);
}
if (!existsSync(flags.corpus)) {
  console.error(
    `no corpus folder at ${flags.corpus}: expected CORPUS/<session>.jsonl (bench/eval-corpus.mjs writes it)`,
  );
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  console.error('no dist/: run `npm run build` first');
  process.exit(2);
}
const build = typeof flags.build === 'string' ? flags.build : 'unnamed';

// ---------------------------------------------------------------------------------------------------------
// Reading the transcript: the person's turns, and which message ids carry their words.

const normalise = (text) => text.replace(/\s+/g, ' ').trim().toLowerCase();
// Words in a transcript that are not the person's own: an interrupt marker, a refusal's fixed sentence.
const INTERRUPT = /^\[request interrupted by user[^\]]*\]$/;
const REFUSAL_BOILERPLATE =
  /the user doesn't want to (proceed with this tool use|take this action right now)|the tool use was rejected|stop what you are doing and wait for the user/;
const REFUSAL_REASON = /the user provided the following reason for the rejection:\s*([\s\S]*)$/i;
const BARE_PATH = /^[~.]?[\\/]?[\w@.+-]+([\\/][\w@.+ -]+)+[\\/]?$/;

function toolResultText(part) {
  if (typeof part.content === 'string') return part.content;
  if (Array.isArray(part.content)) return part.content.map((c) => c?.text ?? '').join(' ');
  return '';
}

// Turns with no words of the person's to show a reader: a slash command typed without arguments (`/exit`,
// `/context`), or the harness's "Unknown skill" answer to one. Left out of prompt coverage.
function isBareCommand(text) {
  if (/^Unknown skill: /.test(text.trim())) return true;
  if (!/<command-name>/.test(text)) return false;
  const args = text.match(/<command-args>([\s\S]*?)<\/command-args>/);
  return args === null || args[1].trim() === '';
}

function readSession(file) {
  const entries = parseLines(readFileSync(file, 'utf8'));
  const humanTurns = [];
  // message id -> the person's own words in it (a typed turn, or the reason typed with a refusal)
  const personWords = new Map();
  for (const e of entries) {
    if (e.isSidechain) continue;
    if (isHumanTurn(e)) {
      const text = userText(e);
      if (!isBareCommand(text)) humanTurns.push({ id: e.uuid, text });
      if (!INTERRUPT.test(normalise(text))) personWords.set(e.uuid, text);
    } else if (e.type === 'user' && Array.isArray(e.message?.content)) {
      for (const part of e.message.content) {
        if (part?.type !== 'tool_result') continue;
        const reason = toolResultText(part).match(REFUSAL_REASON);
        if (reason?.[1]?.trim()) personWords.set(e.uuid, reason[1].trim());
      }
    }
  }
  return { humanTurns, personWords };
}

/** Whether a citation quotes the person's own words, beyond boilerplate (paths, refusal text, markers). */
function citesPerson(citation, session) {
  const words = session.personWords.get(citation.message_id);
  if (words === undefined) return false;
  const excerpt = normalise(citation.excerpt);
  if (excerpt.length === 0 || INTERRUPT.test(excerpt) || BARE_PATH.test(citation.excerpt.trim()))
    return false;
  const stripped = excerpt.replace(REFUSAL_BOILERPLATE, '').replace(/[\s.,;:()"'`-]/g, '');
  if (stripped.length < 4) return false;
  const said = normalise(words);
  return said.includes(excerpt) || excerpt.includes(said.slice(0, 40));
}

/**
 * Opening request present, and the share of the person's turns present in the prompt. A turn is present
 * when the prompt shows its message id (the way windows quote messages: "[<id>] user: ...") or, for a
 * prompt that quotes turns without ids, the first 60 characters of its text (turns shorter than 12
 * characters, "yes", "1", are then not counted: they match anywhere).
 */
function promptCoverage(prompt, humanTurns) {
  const haystack = normalise(prompt.replace(/\\n/g, ' ').replace(/\\"/g, '"'));
  const present = (turn) => {
    if (turn.id && prompt.includes(turn.id)) return true;
    const probe = normalise(turn.text).slice(0, 60);
    return probe.length >= 12 && haystack.includes(probe);
  };
  const shown = humanTurns.filter(present).length;
  return {
    opening: humanTurns.length > 0 && present(humanTurns[0]),
    turns: humanTurns.length,
    shown,
    share: humanTurns.length === 0 ? 0 : shown / humanTurns.length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Running the built CLI.

const workdir = mkdtempSync(join(tmpdir(), 'retro-eval-rules-'));
const env = { ...process.env, RETROSPECT_PROVIDER: '', NO_COLOR: '1' };
function runCli(args) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: workdir,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) return { error: (run.stderr || run.stdout).trim().split('\n')[0] };
  try {
    return { value: JSON.parse(run.stdout) };
  } catch {
    return { error: `not JSON: ${run.stdout.slice(0, 80)}` };
  }
}
const help = execFileSync(process.execPath, [CLI, 'deep-read', '--help'], { encoding: 'utf8', env });
const hasAnswerFlag = /--answer\b/.test(help);
const answersDir = typeof flags.answers === 'string' ? resolve(flags.answers) : undefined;
const notices = [];
if (answersDir && !hasAnswerFlag)
  notices.push(
    'this build of deep-read has no --answer flag: model answers were not read (only the heuristic ran)',
  );

const sessions = [];
let missing = 0;
try {
  for (const label of labels) {
    const file = resolve(flags.corpus, `${label.session}.jsonl`);
    if (!existsSync(file)) {
      missing += 1;
      continue;
    }
    const session = readSession(file);
    const readers = [{ reader: 'heuristic', args: ['--provider', 'heuristic'] }];
    if (answersDir && hasAnswerFlag) {
      const answer = join(answersDir, `${label.session}.json`);
      if (existsSync(answer)) readers.push({ reader: 'answer', args: ['--answer', answer] });
    }
    const reads = [];
    for (const { reader, args } of readers) {
      const out = runCli(['deep-read', file, ...args, '--json']);
      if (out.error) {
        reads.push({ reader, error: out.error, proposals: [], anchors: [] });
        continue;
      }
      reads.push({
        reader,
        proposals: out.value.proposals.map((p) => ({
          ...p,
          cites_person: p.citations.some((c) => citesPerson(c, session)),
        })),
        anchors: out.value.fabrication_anchors,
        dropped: out.value.dropped.filter((d) => d.kind !== 'citation').length,
      });
    }
    const dry = runCli(['deep-read', file, '--dry-run', '--json']);
    const coverage = dry.error ? { error: dry.error } : promptCoverage(dry.value.prompt, session.humanTurns);
    sessions.push({ label, reads, coverage });
  }
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

if (flags.json) {
  // A judgements skeleton: one line per proposal and per anchor, to be judged by hand.
  for (const { label, reads } of sessions) {
    for (const read of reads) {
      for (const p of read.proposals)
        console.log(
          JSON.stringify({
            build,
            reader: read.reader,
            session: label.session,
            kind: 'proposal',
            text: p.proposed_text,
            pattern: p.pattern_summary,
            citations: p.citations.map((c) => c.excerpt),
            cites_person: p.cites_person,
            judgement: null,
            matches: [],
            note: '',
          }),
        );
      for (const a of read.anchors)
        console.log(
          JSON.stringify({
            build,
            reader: read.reader,
            session: label.session,
            kind: 'fabrication_anchor',
            text: a.fabricated_claim_text,
            evidence: a.evidence_for_fabrication,
            judgement: null,
            note: '',
          }),
        );
    }
  }
  for (const { label, coverage } of sessions)
    console.log(JSON.stringify({ build, session: label.session, kind: 'coverage', ...coverage }));
  for (const n of notices) console.error(n);
} else {
  const cut = (text, n) => {
    const flat = String(text).replace(/\s+/g, ' ').trim();
    return flat.length > n ? `${flat.slice(0, n)}…` : flat;
  };
  for (const { label, reads, coverage } of sessions) {
    console.log(
      `\n== ${label.session.slice(0, 8)} ${label.label} (${label.repo}): ${cut(label.reason, 160)}`,
    );
    label.wanted.forEach((w, i) => {
      console.log(`   wanted ${i}: ${cut(w.rule, 160)}\n             ${cut(w.evidence, 140)}`);
    });
    for (const f of label.fabrications) console.log(`   false claim seen: ${cut(f, 160)}`);
    for (const read of reads) {
      if (read.error) console.log(`   [${read.reader}] failed: ${read.error}`);
      for (const p of read.proposals) {
        console.log(
          `   [${read.reader}] proposal (${p.pattern_summary}; ${p.cites_person ? 'cites the person' : "cites none of the person's words"}): ${cut(p.proposed_text, 200)}`,
        );
        for (const c of p.citations)
          console.log(`        ${c.message_id.slice(0, 8)}: ${cut(JSON.stringify(c.excerpt), 140)}`);
      }
      for (const a of read.anchors)
        console.log(
          `   [${read.reader}] anchor: ${cut(a.fabricated_claim_text, 140)} | ${cut(a.evidence_for_fabrication, 100)}`,
        );
    }
    if (coverage.error) console.log(`   prompt: ${coverage.error}`);
    else
      console.log(
        `   prompt: opening request ${coverage.opening ? 'present' : 'absent'}; ${coverage.shown}/${coverage.turns} human turns present`,
      );
  }
  const covered = sessions.filter((s) => !s.coverage.error);
  const rough = covered.filter((s) => s.label.label === 'rough');
  const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(
    `\n${sessions.length} session(s) read${missing ? `, ${missing} not found under the corpus` : ''}; ` +
      `rough sessions: opening request in the prompt ${rough.filter((s) => s.coverage.opening).length}/${rough.length}, ` +
      `mean share of human turns in the prompt ${(mean(rough.map((s) => s.coverage.share)) * 100).toFixed(0)}%`,
  );
  for (const n of notices) console.log(n);
}

// ---------------------------------------------------------------------------------------------------------
// Figures from a judgements file.

function score(judgements, onlyBuild) {
  const byId = new Map(labels.map((l) => [l.session, l]));
  const builds = [...new Set(judgements.map((j) => j.build))].filter((b) => !onlyBuild || b === onlyBuild);
  for (const b of builds) {
    const rows = judgements.filter((j) => j.build === b);
    const readers = [...new Set(rows.filter((j) => j.kind !== 'coverage').map((j) => j.reader))];
    for (const reader of readers.length > 0 ? readers : ['heuristic']) {
      const mine = rows.filter((j) => j.kind !== 'coverage' && j.reader === reader);
      const proposals = mine.filter((j) => j.kind === 'proposal');
      const anchors = mine.filter((j) => j.kind === 'fabrication_anchor');
      const unjudged = [...proposals, ...anchors].filter((j) => j.judgement === null).length;
      const count = (v) => proposals.filter((p) => p.judgement === v).length;
      const wanted = labels.flatMap((l) => l.wanted.map((_, i) => `${l.session}#${i}`));
      const matched = new Set(
        proposals
          .filter((p) => p.judgement === 'useful')
          .flatMap((p) => (p.matches ?? []).map((i) => `${p.session}#${i}`)),
      );
      const kindOf = (j) => byId.get(j.session)?.label;
      const texts = new Map();
      for (const p of proposals) texts.set(p.text, new Set([...(texts.get(p.text) ?? []), p.session]));
      const recurring = [...texts].filter(([, s]) => s.size >= 3);
      const seenFalse = labels.reduce((n, l) => n + l.fabrications.length, 0);
      const coverage = rows.filter(
        (j) => j.kind === 'coverage' && kindOf(j) === 'rough' && j.error === undefined,
      );
      console.log(`build ${b}, reader ${reader}${unjudged ? ` (${unjudged} not judged yet)` : ''}`);
      console.log(
        `  proposals ${proposals.length}: useful ${count('useful')}, vague ${count('vague')}, wrong ${count('wrong')}, harmful ${count('harmful')}`,
      );
      console.log(
        `  precision ${proposals.length ? (count('useful') / proposals.length).toFixed(2) : 'n/a'} (useful / all)`,
      );
      console.log(
        `  recall ${(matched.size / wanted.length).toFixed(2)} (${matched.size} of ${wanted.length} wanted rules matched by a useful proposal)`,
      );
      console.log(`  proposals on smooth sessions ${proposals.filter((p) => kindOf(p) === 'smooth').length}`);
      console.log(
        `  proposals citing none of the person's words ${proposals.filter((p) => !p.cites_person).length}`,
      );
      console.log(
        `  texts recurring in >= 3 sessions ${recurring.length}${recurring.length ? `: ${recurring.map(([t, s]) => `"${t.slice(0, 60)}" (${s.size})`).join('; ')}` : ''}`,
      );
      console.log(
        `  fabrication anchors ${anchors.length}: true ${anchors.filter((a) => String(a.judgement) === 'true').length}, false ${anchors.filter((a) => String(a.judgement) === 'false').length}; on smooth sessions ${anchors.filter((a) => kindOf(a) === 'smooth').length}; false claims seen by the labeller ${seenFalse}`,
      );
      if (coverage.length > 0)
        console.log(
          `  prompt coverage on ${coverage.length} rough sessions: opening request present in ${coverage.filter((c) => c.opening).length}, mean share of human turns ${((coverage.reduce((a, c) => a + c.share, 0) / coverage.length) * 100).toFixed(0)}%`,
        );
    }
  }
}
