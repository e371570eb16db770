#!/usr/bin/env node
// Grammar-based fuzzer for the gate: writes sessions full of the cases where two implementations of the
// seed most easily disagree (Unicode word boundaries, Python truthiness, whitespace classes, line endings,
// invalid UTF-8, torn lines, edit loops near the exemption's edges, ledger rows).
// usage: fuzz-sessions.mjs --out DIR [--sessions N] [--seed S]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFlags, seededRandom } from './lib/cli.mjs';

const args = parseFlags();
const out = args.out ?? 'fuzz';
const sessions = Number(args.sessions ?? 200);
const { rnd, pick } = seededRandom(args.seed ?? 7);
const hex = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;

const WORDS = [
  'stop',
  'Stop',
  'STOP',
  'éstop',
  'stopé',
  'ſtop',
  '_stop',
  'stop_',
  '²stop',
  'stop²',
  '١stop',
  "don't",
  'dont',
  'don’t',
  'wrong',
  'wrongly',
  'revert',
  'reverted',
  'undo',
  'nope',
  'Nope!',
  'why did you',
  'why  did you',
  "no that's",
  'no thats',
  "that's not",
  'thats not',
  'fine',
  'ok',
  'OK.',
  'okay',
  '...ok...',
  'yes!',
  'go',
  'ship it',
  'lgtm',
  'hmm',
  'and?',
  'really',
  'try again',
  'x',
  'the',
  'a\u00a0b',
  'a\u2028b',
  'a\x1cb',
  'a\ufeffb',
  'a\u200bb',
  'é',
  '😀',
  'İ',
  'K',
  'k',
  '\t',
  '  ',
];
const RETRY = [
  'let me try again',
  'Let me try a different',
  "that didn't work",
  'that didnt work',
  'actually, let me',
  'Actually let me',
  'sorry, let me',
  'Sorry let me',
  'my mistake',
  "I'll try",
  'ill try',
  'éactually, let me',
  'my mistakes',
  'I\u2019ll try',
];
const NOTES = [
  '<bash-input>ls</bash-input>',
  '<task-notification>',
  '<Task-notification>',
  '<a>',
  '<a-b\u00a0',
  '<1x>',
  'a <b>c',
  '<command-name>/retro</command-name>',
];
const FILES = ['/p/a.ts', '/p/b.ts', '/p/c.md', '/p/d.ipynb'];

function userText() {
  const r = rnd();
  if (r < 0.1) return pick(NOTES) + ' ' + pick(WORDS);
  if (r < 0.15) return 'This session is being continued from a previous one. stop';
  if (r < 0.2) return pick([' /compact', '/clear stop', '\u3000/x', '\u00a0/help']);
  const n = 1 + Math.floor(rnd() * 5);
  return Array.from({ length: n }, () => pick(WORDS)).join(
    pick([' ', ' ', '\u00a0', '\t', '\n', '\u2003', '\x1c', '\u0085']),
  );
}
function longText() {
  const base = 'Here is a detailed explanation of the change. '.repeat(Math.floor(rnd() * 14));
  return rnd() < 0.3
    ? base + pick(RETRY) + ' ' + base
    : base + (rnd() < 0.3 ? '😀'.repeat(Math.floor(rnd() * 200)) : '');
}
const truthy = () => pick([true, false, 'false', 0, 1, '', [], {}, null, [0], { a: 1 }, '0', 0.0]);

function line(sid) {
  const kind = rnd();
  const id = rnd() < 0.05 ? pick([undefined, '', 0, null]) : uuid();
  const base = {
    parentUuid: null,
    sessionId: rnd() < 0.03 ? pick(['', 5, null]) : sid,
    uuid: id,
    timestamp: '2026-10-01T10:00:00.000Z',
  };
  if (rnd() < 0.02) base.messageId = uuid();
  if (kind < 0.35) {
    const content = [];
    if (rnd() < 0.6)
      content.push({ type: 'text', text: rnd() < 0.5 ? longText() : pick(RETRY) + ' ' + pick(WORDS) });
    if (rnd() < 0.1) content.push({ type: 'thinking', thinking: 'let me try again ' + 'x'.repeat(600) });
    if (rnd() < 0.5) {
      const name = pick(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Read', 'edit', 'Bash']);
      const input = pick([
        { file_path: pick(FILES) },
        { notebook_path: pick(FILES) },
        { path: pick(FILES) },
        { file_path: '', path: pick(FILES) },
        { file_path: 5, path: pick(FILES) },
        'x',
        null,
      ]);
      content.push({ type: 'tool_use', id: `toolu_${hex(8)}`, name, input });
    }
    const message =
      rnd() < 0.03
        ? pick(['str', null, 5])
        : { role: 'assistant', content: rnd() < 0.1 ? longText() : content };
    return { ...base, type: 'assistant', message };
  }
  if (kind < 0.7) {
    const blocks = [];
    const n = 1 + Math.floor(rnd() * 2);
    for (let i = 0; i < n; i++) {
      const b = { type: 'tool_result', tool_use_id: `toolu_${hex(8)}`, content: 'result' };
      if (rnd() < 0.6) b.is_error = rnd() < 0.7 ? true : truthy();
      blocks.push(b);
    }
    if (rnd() < 0.1) blocks.push({ type: 'text', text: 'stop' });
    return { ...base, type: 'user', message: { role: 'user', content: blocks } };
  }
  const content =
    rnd() < 0.7
      ? userText()
      : [{ type: 'text', text: userText() }, { type: 'text', text: rnd() < 0.5 ? '' : userText() }, 'junk'];
  const obj = { ...base, type: 'user', message: { role: 'user', content } };
  if (rnd() < 0.2) obj.isMeta = truthy();
  return obj;
}

function encode(obj) {
  let s = JSON.stringify(obj);
  if (rnd() < 0.05) s = s.replace(/\\u([0-9a-f]{4})/g, '\\u$1');
  if (rnd() < 0.05)
    s = s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  let buf = Buffer.from(s, 'utf8');
  const r = rnd();
  if (r < 0.02)
    buf = buf.subarray(0, Math.floor(buf.length * rnd())); // torn
  else if (r < 0.04) {
    const at = buf.indexOf('"text":"');
    if (at > 0)
      buf = Buffer.concat([
        buf.subarray(0, at + 8),
        Buffer.from([pick([0xff, 0xc3, 0xe2, 0xed])]),
        buf.subarray(at + 8),
      ]);
  }
  return buf;
}

mkdirSync(out, { recursive: true });
for (let s = 0; s < sessions; s++) {
  const sid = uuid();
  const n = 5 + Math.floor(rnd() * 120);
  const eol = pick(['\n', '\n', '\r\n', '\r']);
  const chunks = [];
  if (rnd() < 0.1)
    chunks.push(
      Buffer.from(
        pick(['', '   ', '[1,2]', '"str"', 'null', '{"type":"summary"}', '\ufeff{"type":"user"}']) + eol,
      ),
    );
  for (let i = 0; i < n; i++) {
    chunks.push(encode(line(sid)));
    chunks.push(Buffer.from(rnd() < 0.02 ? pick(['\n\n', '\r\n\r', '\n  \n']) : eol));
  }
  if (rnd() < 0.2) chunks.pop();
  writeFileSync(join(out, `${sid}.jsonl`), Buffer.concat(chunks));
  if (rnd() < 0.3) {
    const rows = Array.from({ length: Math.floor(rnd() * 4) }, (_, i) =>
      JSON.stringify({
        ts: `2026-10-01T10:00:0${i}Z`,
        session_id: pick([sid, sid, 'other']),
        event: pick(['PostToolUseFailure', 'PermissionDenied', 5]),
        tool: 'Bash',
        path: '',
      }),
    );
    writeFileSync(join(out, `${sid}.ledger.jsonl`), rows.join('\n') + (rows.length ? '\n' : ''));
  }
}
console.error(`wrote ${sessions} fuzz sessions to ${out}`);
