#!/usr/bin/env node
// How many tokens a text is, measured on real Claude Code sessions, to judge the rules' token estimate.
//
//   node bench/token-estimate.mjs [--ratio R] FILES...
//
// --ratio R: no fit; every file is held out and the estimate chars / R (Retrospect's CHARS_PER_TOKEN) is
// judged on all of them.
//
// No offline tokenizer for Claude's current models is published, but every call's usage says how large
// its whole prompt was (input + cache writes + cache reads). Between two consecutive calls of a session's
// main thread the prompt grows by what was added in between: the previous reply (its output tokens) and
// the text that came back (a tool's result, or the person's message). So for each such pair,
//   added tokens = Δ prompt − previous reply's output tokens,
// and the text's size is known from the transcript. Pairs whose reply had thinking (not always resent),
// whose next call is not the very next request, or whose prompt shrank (a compaction) are left out.
//
// The sessions are split in two by a hash of their file name: the characters-per-token ratio (and a fixed
// per-message overhead) are fitted on one half and the estimate's error is measured on the other.
// Prints the fit and the error, overall and for prose-like text (what a rule is), per model family.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
const ratioAt = args.indexOf('--ratio');
const fixedRatio = ratioAt === -1 ? undefined : Number(args[ratioAt + 1]);
const files = ratioAt === -1 ? args : args.filter((_, i) => i !== ratioAt && i !== ratioAt + 1);
if (files.length === 0 || (fixedRatio !== undefined && !(fixedRatio > 0))) {
  console.error('usage: node bench/token-estimate.mjs [--ratio R] FILES...');
  process.exit(2);
}

const promptOf = (u) =>
  (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);

/** The text a user line sends back: a tool result's text, or the person's message; undefined otherwise. */
function sentText(message) {
  const content = message?.content;
  if (typeof content === 'string') return { kind: 'prompt', text: content };
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const parts = [];
  let kind;
  for (const block of content) {
    if (block?.type === 'tool_result') {
      kind ??= 'tool';
      if (kind !== 'tool') return undefined;
      if (typeof block.content === 'string') parts.push(block.content);
      else if (Array.isArray(block.content)) {
        for (const c of block.content) {
          if (c?.type !== 'text') return undefined; // images and the like: not text
          parts.push(c.text);
        }
      }
    } else if (block?.type === 'text') {
      kind ??= 'prompt';
      if (kind !== 'prompt') return undefined;
      parts.push(block.text);
    } else return undefined;
  }
  return kind === undefined ? undefined : { kind, text: parts.join('\n') };
}

/** Share of letters and spaces: prose is mostly words, code and listings are not. */
function proseShare(text) {
  let words = 0;
  for (const ch of text) if (/[\p{L} ]/u.test(ch)) words++;
  return text.length === 0 ? 0 : words / text.length;
}

function family(model) {
  // claude-sonnet-4-5-20250929 is Sonnet 4.5; claude-sonnet-4-20250514 is Sonnet 4 (the date is not a minor).
  const m = /claude-(opus|sonnet|haiku)-(\d+)(?:-(\d)(?!\d))?/.exec(model ?? '');
  return m ? `${m[1]}-${m[2]}${m[3] ? `.${m[3]}` : ''}` : 'other';
}

/** Every usable pair of one session. */
function pairsOf(path) {
  const replies = new Map(); // message id -> { usage, thinking, model, order }
  const sequence = []; // { kind: 'reply', id } | { kind: 'user', sent }
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    if (raw === '') continue;
    let line;
    try {
      line = JSON.parse(raw);
    } catch {
      continue;
    }
    if (line.isSidechain) continue;
    if (line.type === 'assistant' && line.message?.id && line.message.usage) {
      const id = line.message.id;
      let reply = replies.get(id);
      if (!reply) {
        reply = { thinking: false, model: line.message.model };
        replies.set(id, reply);
        sequence.push({ kind: 'reply', id });
      }
      reply.usage = line.message.usage;
      for (const block of line.message.content ?? [])
        if (block?.type === 'thinking' || block?.type === 'redacted_thinking') reply.thinking = true;
    } else if (line.type === 'user' && !line.isMeta && line.message) {
      sequence.push({ kind: 'user', sent: sentText(line.message) });
    } else if (line.type === 'system' || line.type === 'summary') {
      sequence.push({ kind: 'other' });
    }
  }
  const pairs = [];
  for (let i = 0; i + 2 < sequence.length; i++) {
    const [a, u, b] = [sequence[i], sequence[i + 1], sequence[i + 2]];
    if (a.kind !== 'reply' || u.kind !== 'user' || b.kind !== 'reply' || u.sent === undefined) continue;
    const ra = replies.get(a.id);
    const rb = replies.get(b.id);
    if (ra.thinking || ra.model !== rb.model || ra.model === '<synthetic>') continue;
    const text = u.sent.text;
    if (/<system-reminder>|<command-|<local-command/.test(text)) continue;
    const added = promptOf(rb.usage) - promptOf(ra.usage) - (ra.usage.output_tokens ?? 0);
    if (added <= 0 || text.length < 200) continue;
    pairs.push({
      kind: u.sent.kind,
      chars: text.length,
      bytes: Buffer.byteLength(text),
      prose: proseShare(text),
      // Latin-script text (what an English rule is); CJK and other scripts take far fewer characters a token.
      latin: !/[^\u0000-\u024f\u2000-\u206f]/u.test(text),
      added,
      family: family(ra.model),
    });
  }
  return pairs;
}

const fit = [];
const check = [];
for (const path of files) {
  const half =
    fixedRatio !== undefined
      ? check
      : createHash('sha256').update(basename(path)).digest()[0] % 2 === 0
        ? fit
        : check;
  try {
    for (const p of pairsOf(path)) half.push(p);
  } catch {
    // unreadable: left out
  }
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (v, q) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** Least squares of added = chars / ratio + overhead, on pairs with prose-like text of some length. */
function fitLine(pairs) {
  const n = pairs.length;
  const mx = pairs.reduce((s, p) => s + p.chars, 0) / n;
  const my = pairs.reduce((s, p) => s + p.added, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of pairs) {
    sxy += (p.chars - mx) * (p.added - my);
    sxx += (p.chars - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { ratio: 1 / slope, overhead: my - slope * mx };
}

/** Theil–Sen: the median slope over every two pairs, and the median intercept under it (robust to outliers). */
function fitTheilSen(pairs) {
  const slopes = [];
  for (let i = 0; i < pairs.length; i++)
    for (let j = i + 1; j < pairs.length; j++) {
      const dx = pairs[j].chars - pairs[i].chars;
      if (Math.abs(dx) >= 50) slopes.push((pairs[j].added - pairs[i].added) / dx);
    }
  const slope = median(slopes);
  return { ratio: 1 / slope, overhead: median(pairs.map((p) => p.added - slope * p.chars)) };
}

/** Robust: the median of chars / added over long texts (where the per-message overhead is small). */
function medianRatio(pairs) {
  return median(pairs.filter((p) => p.chars >= 1000).map((p) => p.chars / p.added));
}

const isProse = (p) => p.prose >= 0.8;
const report = (label, pairs, estimate) => {
  const errors = pairs.map((p) => (estimate(p) - p.added) / p.added);
  const abs = errors.map(Math.abs);
  return `${label}: ${pairs.length} pairs, median error ${(median(errors) * 100).toFixed(1)}%, median |error| ${(median(abs) * 100).toFixed(1)}%, 80% within ±${(quantile(abs, 0.8) * 100).toFixed(1)}%`;
};

if (fixedRatio !== undefined) {
  const byRatio = (p) => p.chars / fixedRatio;
  const prose = check.filter(isProse);
  console.log(
    `pairs: ${check.length} (${prose.length} prose-like, ${prose.filter((p) => p.latin).length} of them in Latin script)`,
  );
  for (const [label, pairs] of [
    ['prose-like, 1000+ chars', prose.filter((p) => p.chars >= 1000)],
    ['prose-like, Latin script, 1000+ chars', prose.filter((p) => p.latin && p.chars >= 1000)],
    ['prose-like, Latin script', prose.filter((p) => p.latin)],
  ]) {
    console.log(report(`${label} · chars/${fixedRatio}`, pairs, byRatio));
    console.log(report(`${label} · chars/4`, pairs, (p) => p.chars / 4));
  }
  const latin = prose.filter((p) => p.latin);
  for (const f of [...new Set(latin.map((p) => p.family))].sort()) {
    const pairs = latin.filter((p) => p.family === f);
    if (pairs.length >= 10)
      console.log(report(`  ${f}, prose-like, Latin script · chars/${fixedRatio}`, pairs, byRatio));
  }
  process.exit(0);
}
const fitProse = fit.filter(isProse);
const checkProse = check.filter(isProse);
const line = fitTheilSen(fitProse);
const squares = fitLine(fitProse);
const ratio = medianRatio(fitProse);
console.log(
  `pairs: ${fit.length} to fit (${fitProse.length} prose-like), ${check.length} to check (${checkProse.length} prose-like)`,
);
console.log(
  `fit on prose-like text: ${line.ratio.toFixed(3)} chars/token + ${line.overhead.toFixed(1)} tokens a message (Theil–Sen; least squares ${squares.ratio.toFixed(3)} + ${squares.overhead.toFixed(1)}); median chars/token over texts of 1000+ chars ${ratio.toFixed(3)}`,
);
const byFour = (p) => Math.ceil(p.chars / 4);
const byFit = (p) => p.chars / line.ratio + line.overhead;
const byRatio = (p) => p.chars / ratio;
for (const [label, pairs] of [
  ['prose-like, held out', checkProse],
  ['prose-like, held out, 1000+ chars', checkProse.filter((p) => p.chars >= 1000)],
  ['prose-like prompts, held out', checkProse.filter((p) => p.kind === 'prompt')],
  ['prose-like tool results, held out', checkProse.filter((p) => p.kind === 'tool')],
  ['all text, held out', check],
]) {
  console.log(report(`${label} · chars/4`, pairs, byFour));
  console.log(
    report(`${label} · chars/${line.ratio.toFixed(2)} + ${line.overhead.toFixed(0)}`, pairs, byFit),
  );
  console.log(report(`${label} · chars/${ratio.toFixed(2)}`, pairs, byRatio));
}
const families = [...new Set(checkProse.map((p) => p.family))].sort();
for (const f of families) {
  const pairs = checkProse.filter((p) => p.family === f);
  if (pairs.length >= 10)
    console.log(
      report(
        `  ${f}, prose-like, held out · chars/${line.ratio.toFixed(2)} + ${line.overhead.toFixed(0)}`,
        pairs,
        byFit,
      ),
    );
}
