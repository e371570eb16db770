import { REVIEW_WORDS, reviewWordOf } from './review-words.js';

interface ParsedVerdict {
  verdict: string;
  /** The token left of an arrow that was overridden (`FAILED → PASSED` gives `FAILED`): evidence of rework. */
  reworkedFrom?: string;
  /** Set when no verdict line was found. */
  warning?: string;
}

const TOKEN = /(?<![A-Za-z0-9_])[A-Z_]{2,}(?![A-Za-z0-9_])/;
const LEADING_TOKEN = /^[A-Z_]{2,}(?![A-Za-z0-9_])/;

/**
 * A capitalised token that is not a verdict word counts only when it stands alone (`SHIP_IT`, `NO_GO.`):
 * followed by more words it is prose (`AC #6 SATISFIED`, `PRD alignment confirmed`), not a verdict.
 */
function standsAlone(rest: string, token: string, at: number): boolean {
  if (REVIEW_WORDS.has(token)) return true;
  const after = rest.slice(at + token.length).trim();
  return after === '' || /^(?:[.,;:!)\]—–]|-(?!\w)|->|→|\()/u.test(after);
}

/** The review word a verdict line's prose starts with, when it starts with one (and no capitalised token does). */
function prose(rest: string): Omit<ParsedVerdict, 'warning'> | undefined {
  const word = reviewWordOf(rest.trim());
  return word === undefined ? undefined : { verdict: word };
}

/**
 * The verdict of one line of a `.gaia/` review report, or undefined when the line is not a verdict line:
 * strip `#`/`*` decoration, the line starts with `Verdict:`, the verdict is the first capitalised token (an
 * arrow's right side overrides it unless that side explains, `row = PASSED`).
 */
export function verdictOfLine(line: string): Omit<ParsedVerdict, 'warning'> | undefined {
  const stripped = line.replace(/^[\s#*]+/, '');
  if (!/^Verdict *:/.test(stripped)) return undefined;
  const rest = stripped.slice(stripped.indexOf(':') + 1).replace(/\*/g, '');
  const match = TOKEN.exec(rest);
  const first = match?.[0];
  // A verdict written as a person writes it (`Verdict: Approved`, `Verdict: Changes requested`) is the
  // review word it starts with; prose that starts with none (`Verdict: see below`) is no verdict.
  if (!first || !standsAlone(rest, first, match.index)) return prose(rest);
  const arrow = /->|→/.exec(rest);
  if (arrow) {
    const right = rest.slice(arrow.index + arrow[0].length).trim();
    const override = LEADING_TOKEN.exec(right)?.[0];
    if (override && !right.includes('=') && !/\brow\b/i.test(right)) {
      const left = TOKEN.exec(rest.slice(0, arrow.index))?.[0];
      return left && left !== override ? { verdict: override, reworkedFrom: left } : { verdict: override };
    }
  }
  return { verdict: first };
}

/**
 * The first verdict line of a `.gaia/` review report wins; none gives UNKNOWN with a parse warning (which
 * names a verdict line written as prose, so the author can see why it was not read).
 */
export function parseVerdict(markdown: string): ParsedVerdict {
  let prose: string | undefined;
  for (const line of markdown.replace(/\r\n/g, '\n').split('\n')) {
    const found = verdictOfLine(line);
    if (found) return found;
    if (prose === undefined && /^[\s#*]*Verdict *:/.test(line)) prose = line.trim();
  }
  return {
    verdict: 'UNKNOWN',
    warning: prose
      ? `parse warning: the verdict line is prose, not a verdict word (${prose.slice(0, 80)})`
      : 'parse warning: no "Verdict:" line with a verdict word',
  };
}
