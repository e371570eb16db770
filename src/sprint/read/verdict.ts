export interface ParsedVerdict {
  verdict: string;
  /** The token left of an arrow that was overridden (`FAILED → PASSED` gives `FAILED`): evidence of rework. */
  reworkedFrom?: string;
  /** Set when no verdict line was found. */
  warning?: string;
}

const TOKEN = /(?<![A-Za-z0-9_])[A-Z_]{2,}(?![A-Za-z0-9_])/;
const LEADING_TOKEN = /^[A-Z_]{2,}(?![A-Za-z0-9_])/;

/** The verdict of one line, or undefined when the line is not a verdict line (notes §1). */
export function verdictOfLine(line: string): Omit<ParsedVerdict, 'warning'> | undefined {
  const stripped = line.replace(/^[\s#*]+/, '');
  if (!/^Verdict *:/.test(stripped)) return undefined;
  const rest = stripped.slice(stripped.indexOf(':') + 1).replace(/\*/g, '');
  const first = TOKEN.exec(rest)?.[0];
  if (!first) return undefined;
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

/** The first verdict line of a review report wins; none gives UNKNOWN with a parse warning. */
export function parseVerdict(markdown: string): ParsedVerdict {
  for (const line of markdown.replace(/\r\n/g, '\n').split('\n')) {
    const found = verdictOfLine(line);
    if (found) return found;
  }
  return { verdict: 'UNKNOWN', warning: 'parse warning: no "Verdict:" line with a verdict word' };
}
