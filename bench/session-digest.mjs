#!/usr/bin/env node
// A digest of one Claude Code session for a person to read before judging it: every human turn, and
// between them what the agent did (tool calls by name, failed calls, refused calls) and its last words.
// Written for labelling by hand (eval/rules-labels.jsonl): it shows, it does not score.
//
// usage: node bench/session-digest.mjs SESSION.jsonl [...] [--chars N] (human turns cut to N, default 600)
//                                       [--claims] (also every agent sentence that claims success)
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseFlags } from './lib/cli.mjs';
import { isHumanTurn, parseLines, userText } from './lib/transcript.mjs';

const flags = parseFlags();
const files = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--chars'));
if (files.length === 0) {
  console.error('usage: node bench/session-digest.mjs SESSION.jsonl [...] [--chars N] [--claims]');
  process.exit(2);
}
const chars = Number(flags.chars ?? 600);
const oneLine = (text, max) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};
// Success claims worth checking against what the tools showed (fabrication candidates).
const CLAIM =
  /\b(all tests pass|tests? (are )?passing|tests pass|build (is )?(clean|succeeds|passes)|works now|should work now|is (now )?(fixed|complete|working)|successfully|everything is (done|complete|working)|deployed)\b|✅|完成|成功|已修复/i;

for (const file of files) {
  const entries = parseLines(readFileSync(file, 'utf8'));
  console.log(`\n######## ${basename(file, '.jsonl')}`);
  let block = null;
  const flush = () => {
    if (!block) return;
    const tools = Object.entries(block.tools)
      .map(([name, n]) => `${name}×${n}`)
      .join(' ');
    console.log(
      `   agent: ${block.turns} msgs; tools ${tools || '-'}; errors ${block.errors}; refused ${block.refused}`,
    );
    for (const e of block.errorTexts.slice(0, 3)) console.log(`     ! ${e}`);
    for (const c of block.claims.slice(0, 4)) console.log(`     claim: ${c}`);
    if (block.last) console.log(`   last words: ${oneLine(block.last, 400)}`);
    block = null;
  };
  const open = () => {
    block ??= { turns: 0, tools: {}, errors: 0, refused: 0, errorTexts: [], claims: [], last: '' };
    return block;
  };
  let n = 0;
  const seenAssistant = new Set();
  for (const e of entries) {
    if (e.isSidechain) continue;
    if (isHumanTurn(e)) {
      flush();
      n += 1;
      console.log(`\n[H${n}] ${oneLine(userText(e), chars)}`);
      continue;
    }
    if (e.type === 'assistant') {
      const b = open();
      const id = e.message?.id ?? e.uuid;
      if (!seenAssistant.has(id)) {
        seenAssistant.add(id);
        b.turns += 1;
      }
      for (const part of Array.isArray(e.message?.content) ? e.message.content : []) {
        if (part?.type === 'tool_use') b.tools[part.name] = (b.tools[part.name] ?? 0) + 1;
        if (part?.type === 'text' && part.text.trim()) {
          b.last = part.text;
          if (flags.claims)
            for (const sentence of part.text.split(/(?<=[.!?。！])\s+|\n+/))
              if (CLAIM.test(sentence)) b.claims.push(oneLine(sentence, 200));
        }
      }
    } else if (e.type === 'user' && Array.isArray(e.message?.content)) {
      const b = open();
      for (const part of e.message.content) {
        if (part?.type !== 'tool_result') continue;
        const text =
          typeof part.content === 'string'
            ? part.content
            : Array.isArray(part.content)
              ? part.content.map((c) => c?.text ?? '').join(' ')
              : '';
        if (/doesn't want to proceed|tool use was rejected|user rejected/i.test(text)) {
          b.refused += 1;
          b.errorTexts.push(`refused: ${oneLine(text, 240)}`);
        } else if (part.is_error) {
          b.errors += 1;
          b.errorTexts.push(oneLine(text, 160));
        }
      }
    }
  }
  flush();
}
