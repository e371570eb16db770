// What the labelled-session benchmarks share: the label file, the confusion counts and the language
// a session's person typed in (eval-gate.mjs, second-look.mjs).
import { readFileSync } from 'node:fs';

/** The entries of a label file (JSON lines: session, split, label, repo, reason). */
export const readLabels = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

/** Precision, recall and F1 of rows `{ label, flagged }` (`unclear` rows are not counted). */
export function metrics(rows) {
  const tp = rows.filter((r) => r.label === 'rough' && r.flagged).length;
  const fp = rows.filter((r) => r.label === 'smooth' && r.flagged).length;
  const fn = rows.filter((r) => r.label === 'rough' && !r.flagged).length;
  const tn = rows.filter((r) => r.label === 'smooth' && !r.flagged).length;
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, tn, precision, recall, f1 };
}

/**
 * Scripts that are not English, and common words of the Latin-script languages the sessions hold. The Polish
 * words came with fresh4 (its Polish turns read as English without them); they change the language of none of
 * the sessions of the earlier splits.
 */
const NON_LATIN_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Cyrillic}\p{Script=Thai}\p{Script=Hangul}]/gu;
const FOREIGN_WORD_RE =
  /(?<!\p{L})(?:que|para|por|el|los|las|una|não|você|est|les|des|pour|und|nicht|der|die|das|ist|của|không|tôi|bạn|có|và|esto|eso|hacer|fazer|isso|como|nie|się|jest|czy|proszę|prosze|żeby|dla|też|mam|może|tego|jak)(?!\p{L})/giu;

/**
 * `non-English` when the person's own typing (text turns, not tool results, interrupts or command markup;
 * 300 characters of each) is more than 15% letters of another script, or more than 6% of its words are
 * common Spanish, Portuguese, French, German, Vietnamese or Polish words; else `English`. A heuristic, for figures.
 */
export function typedLanguage(path) {
  let text = '';
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.includes('"type":"user"')) continue;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const content = record?.message?.content;
    const parts =
      typeof content === 'string'
        ? [content]
        : Array.isArray(content)
          ? content.filter((b) => b?.type === 'text').map((b) => String(b.text))
          : [];
    for (const part of parts)
      if (!part.startsWith('<') && !part.startsWith('[Request') && !part.startsWith('This session'))
        text += ` ${part.slice(0, 300)}`;
  }
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const other = text.match(NON_LATIN_RE)?.length ?? 0;
  const words = text.match(/\p{L}+/gu)?.length ?? 1;
  const foreign = text.match(FOREIGN_WORD_RE)?.length ?? 0;
  return other > 0.15 * letters || foreign > 0.06 * words ? 'non-English' : 'English';
}
