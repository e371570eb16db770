#!/usr/bin/env node
// How often a session writes the cached head of its prompt again, judged on real Claude Code sessions:
// the count `retrospect rules` estimates from a session's stored totals (src/rules/load-cost.ts) against
// the count read call by call.
//
//   node bench/rule-load.mjs FILES...
//
// Call by call, a call rewrote the head when its cache read covered less than 90% of the session's first
// prompt (the rules sit in that head: Claude Code sends its memory files with the first message). From
// totals, as the store keeps them: (uncached input + cache writes) over the mean prompt, between 1 and the
// calls. Both are priced in units of the input price at Anthropic's ratios (write 1.25, read 0.1).

import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/rule-load.mjs FILES...');
  process.exit(2);
}
const promptOf = (u) =>
  (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
const rows = [];
for (const path of files) {
  const usage = new Map();
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    if (!raw.includes('"usage"')) continue;
    let l;
    try {
      l = JSON.parse(raw);
    } catch {
      continue;
    }
    if (l.type !== 'assistant' || l.isSidechain || !l.message?.usage || !l.message.id) continue;
    if (l.message.model === '<synthetic>') continue;
    // A streamed reply is one call: its last line's usage.
    usage.set(`${l.message.id}\u0000${l.requestId ?? ''}`, l.message.usage);
  }
  const calls = [...usage.values()];
  if (calls.length === 0) continue;
  const first = promptOf(calls[0]);
  const measured = Math.max(1, calls.filter((u) => (u.cache_read_input_tokens ?? 0) < 0.9 * first).length);
  const sent = calls.reduce((a, u) => a + (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0), 0);
  const prompt = calls.reduce((a, u) => a + promptOf(u), 0);
  const estimated = prompt === 0 ? 1 : Math.min(calls.length, Math.max(1, sent / (prompt / calls.length)));
  rows.push({ calls: calls.length, measured, estimated });
}
const quantile = (v, q) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const cost = (writes, calls) => writes * 1.25 + (calls - writes) * 0.1;
const errors = rows.map((r) => cost(r.estimated, r.calls) / cost(r.measured, r.calls) - 1);
const oneWrite = rows.map((r) => cost(1, r.calls) / cost(r.measured, r.calls) - 1);
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const sum = (f) => rows.reduce((a, r) => a + f(r), 0);
console.log(
  `${rows.length} sessions with usage; calls a session: median ${quantile(
    rows.map((r) => r.calls),
    0.5,
  )}`,
);
console.log(
  `head rewrites a session, call by call: median ${quantile(
    rows.map((r) => r.measured),
    0.5,
  )}, 90th percentile ${quantile(
    rows.map((r) => r.measured),
    0.9,
  )}`,
);
console.log(
  `a rule's load cost from totals against call by call: median error ${pct(quantile(errors, 0.5))}, half within ±${pct(quantile(errors.map(Math.abs), 0.5))}, 10th-90th percentile ${pct(quantile(errors, 0.1))} to ${pct(quantile(errors, 0.9))}; over all sessions ${pct(sum((r) => cost(r.estimated, r.calls)) / sum((r) => cost(r.measured, r.calls)) - 1)}`,
);
console.log(
  `(one write a session would be: median ${pct(quantile(oneWrite, 0.5))}, over all sessions ${pct(sum((r) => cost(1, r.calls)) / sum((r) => cost(r.measured, r.calls)) - 1)})`,
);
