#!/usr/bin/env node
// How often the offline deep read (`--provider heuristic`) proposes a validated, cited rule on real Claude
// Code sessions hand-labelled rough or smooth (eval/deepread-labels.jsonl), per split (dev / heldout), and
// every proposal it made, so that a person can judge whether each one is true to its session.
//
// The transcripts are not in the repository: each label names its source (repository, path, commit).
// Put each file at <corpus>/<owner>+<name>/<path> (for example with `git show <commit>:<path>` from a clone
// of the repository) and pass the folder. Sessions missing from the corpus are counted and skipped.
// Needs `npm run build` first.
//
// usage: node bench/eval-deepread.mjs --corpus DIR [--labels FILE] [--split dev|heldout] [--json]
//                                      [--quiet] (figures only, no proposal listing)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/cli.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const flags = parseFlags();
if (typeof flags.corpus !== 'string') {
  console.error(
    'usage: node bench/eval-deepread.mjs --corpus DIR [--labels FILE] [--split dev|heldout] [--json] [--quiet]',
  );
  process.exit(2);
}
const labelsPath =
  typeof flags.labels === 'string' ? flags.labels : join(ROOT, 'eval', 'deepread-labels.jsonl');
const { deepRead } = await import(join(ROOT, 'dist', 'index.js'));
const { adapterFor } = await import(join(ROOT, 'dist', 'transcript', 'host.js'));
const { EventReader } = await import(join(ROOT, 'dist', 'deepread', 'heuristic', 'events.js'));

/** The ids of the messages a person typed (as the offline reader tells them from the harness's text). */
function humanTurnIds(file) {
  const reader = new EventReader();
  const ids = new Set();
  for (const message of adapterFor(file).messages(file))
    for (const event of reader.read(message)) if (event.kind === 'human') ids.add(event.message.id);
  return ids;
}

const labels = readFileSync(labelsPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line))
  .filter((label) => flags.split === undefined || label.split === flags.split);

// An empty project: no existing rules to hold a proposal back, and no anchors written anywhere.
const project = mkdtempSync(join(tmpdir(), 'retro-eval-deepread-'));
const results = [];
let missing = 0;
try {
  for (const label of labels) {
    const file = join(flags.corpus, label.repo.replace('/', '+'), label.path);
    if (!existsSync(file)) {
      missing += 1;
      continue;
    }
    const result = await deepRead(file, {
      provider: 'heuristic',
      persist: false,
      cwd: project,
      env: { ...process.env, RETROSPECT_PROVIDER: '' },
    });
    results.push({
      label,
      proposals: result.proposals,
      observations: result.observations,
      anchors: result.fabrication_anchors,
      dropped: result.dropped,
      humanIds: humanTurnIds(file),
    });
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

const rows = [];
for (const split of ['dev', 'heldout']) {
  for (const kind of ['rough', 'smooth']) {
    const group = results.filter((r) => r.label.split === split && r.label.label === kind);
    if (group.length === 0) continue;
    const hit = group.filter((r) => r.proposals.length > 0).length;
    rows.push({ split, label: kind, sessions: group.length, with_proposal: hit, rate: hit / group.length });
  }
}
// Every proposal should cite the person's own words; no rule text should recur across sessions.
const proposals = results.flatMap((r) => r.proposals.map((p) => ({ r, p })));
const citingPerson = proposals.filter(({ r, p }) => p.citations.some((c) => r.humanIds.has(c.message_id)));
const sessionsByText = new Map();
for (const { r, p } of proposals) {
  const set = sessionsByText.get(p.proposed_text) ?? new Set();
  set.add(r.label.session);
  sessionsByText.set(p.proposed_text, set);
}
const recurring = [...sessionsByText]
  .filter(([, s]) => s.size >= 2)
  .map(([text, s]) => ({ text, sessions: s.size }));
const anchorRows = [];
for (const split of ['dev', 'heldout'])
  for (const kind of ['rough', 'smooth']) {
    const group = results.filter((r) => r.label.split === split && r.label.label === kind);
    if (group.length === 0) continue;
    anchorRows.push({
      split,
      label: kind,
      anchors: group.reduce((n, r) => n + r.anchors.length, 0),
      sessions_with_anchor: group.filter((r) => r.anchors.length > 0).length,
    });
  }
const summary = {
  proposals: proposals.length,
  citing_person: citingPerson.length,
  recurring_texts: recurring,
  anchors: anchorRows,
};
const refused = results.flatMap((r) =>
  r.dropped.filter((d) => d.kind === 'proposal').map((d) => ({ session: r.label.session, ...d })),
);

if (flags.json) {
  const plain = results.map(({ humanIds, ...r }) => r);
  console.log(JSON.stringify({ rows, summary, missing, refused, results: plain }, null, 2));
} else {
  console.log('split    label   sessions  with a proposal');
  for (const row of rows) {
    console.log(
      `${row.split.padEnd(8)} ${row.label.padEnd(7)} ${String(row.sessions).padStart(8)}  ${String(row.with_proposal).padStart(3)} (${(row.rate * 100).toFixed(0)}%)`,
    );
  }
  console.log(
    `\n${summary.proposals} proposal(s), ${summary.citing_person} citing the person's own words; ${recurring.length} text(s) in 2+ sessions`,
  );
  for (const r of recurring) console.log(`  in ${r.sessions} sessions: ${r.text}`);
  for (const a of anchorRows)
    console.log(
      `fabrication anchors ${a.split} ${a.label}: ${a.anchors} on ${a.sessions_with_anchor} session(s)`,
    );
  if (missing > 0) console.log(`${missing} labelled session(s) not found under ${flags.corpus}`);
  if (refused.length > 0) {
    console.log(`\n${refused.length} proposal(s) refused by validation:`);
    for (const r of refused) console.log(`  ${r.session.slice(0, 8)} ${r.reason}: ${r.item}`);
  }
  if (!flags.quiet) {
    for (const r of results) {
      if (r.proposals.length === 0) continue;
      console.log(
        `\n${r.label.split} ${r.label.label} ${r.label.session.slice(0, 8)} (${r.label.repo}): ${r.label.reason}`,
      );
      for (const p of r.proposals) {
        console.log(`  [${p.pattern_summary}] ${p.proposed_text} (confidence ${p.confidence})`);
        for (const c of p.citations)
          console.log(`      ${c.message_id.slice(0, 8)}: ${JSON.stringify(c.excerpt)}`);
      }
    }
    for (const r of results) {
      if (r.anchors.length === 0) continue;
      console.log(`\nanchors ${r.label.split} ${r.label.label} ${r.label.session.slice(0, 8)}:`);
      for (const a of r.anchors)
        console.log(`  ${JSON.stringify(a.fabricated_claim_text)} — ${a.evidence_for_fabrication}`);
    }
  }
}
