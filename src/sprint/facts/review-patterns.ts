import { readProjectTextIfExists } from '../../fsx/index.js';
import { pipeCells, splitFrontMatter } from '../read/markdown.js';
import type { ReviewVerdict } from '../read/reviews.js';
import type { StoryFinding } from '../read/stories.js';
import { stems } from './stem.js';

/**
 * The themes review feedback keeps coming back to (seed Step 4, "common code review feedback patterns").
 * A theme is named by the stems or phrases its findings use; one finding may touch several themes. The list
 * is what reviews of application code say most (tests, error handling, input validation, security of
 * comparisons and secrets, idempotency and retries, concurrency, performance, hard-coded values,
 * numeric precision, logging, documentation, naming, duplication).
 */
const THEMES: readonly { theme: string; stems: readonly string[]; phrases?: readonly RegExp[] }[] = [
  {
    theme: 'idempotency and retries',
    stems: ['idempot', 'retri', 'duplicat', 'twice', 'double'],
    phrases: [/exactly once/i, /double-\w+/i],
  },
  {
    theme: 'constant-time comparison and timing attacks',
    stems: ['timingsafeequal'],
    phrases: [/constant[- ]time/i, /timing[- ](?:attack|safe|leak)/i],
  },
  { theme: 'secrets and credentials', stems: ['secret', 'credential', 'password', 'token', 'apikey'] },
  { theme: 'input validation', stems: ['validat', 'sanitiz', 'untrust', 'escap', 'injection'] },
  {
    theme: 'error handling',
    stems: ['exception', 'unhandl', 'swallow'],
    phrases: [/error handling/i, /\bcatch(?:es)?\b/i, /fails? silently/i],
  },
  {
    theme: 'missing or weak tests',
    stems: ['test', 'coverage', 'assert', 'flaki', 'flaky'],
    phrases: [/edge case/i, /boundary/i],
  },
  { theme: 'concurrency and races', stems: ['race', 'concurr', 'deadlock', 'lock', 'atomic'] },
  {
    theme: 'performance',
    stems: ['slow', 'latenci', 'n+1', 'quadratic', 'cache', 'timeout'],
    phrases: [/\bN\+1\b/],
  },
  {
    theme: 'hard-coded values and configuration',
    stems: ['hardcod', 'configur'],
    phrases: [/hard-?coded/i, /magic (?:number|value)/i],
  },
  { theme: 'rounding and numeric precision', stems: ['round', 'precision', 'float', 'cent'] },
  {
    theme: 'logging and observability',
    stems: ['logger', 'metric', 'monitor', 'alert', 'observabl'],
    // A "Change Log" is documentation, not logging.
    phrases: [/(?<!change\s?)\blogs?\b/i, /\blogg(?:ing|ed|er)\b/i],
  },
  {
    theme: 'documentation',
    stems: ['doc', 'document', 'readme', 'runbook', 'docstr'],
    phrases: [/\bchange ?log\b/i],
  },
  { theme: 'naming and readability', stems: ['nam', 'renam', 'readabl', 'unclear', 'confus'] },
  { theme: 'duplicated code', stems: ['duplication', 'copi', 'dri'], phrases: [/copy[- ]paste/i, /\bDRY\b/] },
];

/** One place a finding was read: a review report or a story's Findings table. */
export interface FindingSource {
  storyKey: string;
  /** The file, relative to the root. */
  file: string;
  /** `security review`, `code review`, `story findings`. */
  kind: string;
  text: string;
}

export interface ReviewPattern {
  theme: string;
  /** Findings on this theme (one per sentence, list item or table row). */
  count: number;
  /** The distinct stories they came from, in order. */
  stories: string[];
  /** The kinds of review they were read in (`code review`, `story findings`, …). */
  kinds: string[];
  /** The files they were read in. */
  files: string[];
}

/**
 * Words that make a sentence of a review a finding rather than praise or a summary: "must be constant-time",
 * "issued a second invoice", "is not tested". "Well tested" and "the re-review confirms the fix" are not.
 */
const PROBLEM =
  /\b(?:not|no|never|missing|lacks?|lacking|without|must|should|needs?|fail(?:s|ed|ing|ure)?|broken|bug|wrong|incorrect|differs?|issue[sd]?|second|double\w*|twice|leaks?|risk\w*|unsafe|insecure|todo|fixme|hard-?coded|races?|flaky|slow|regress\w*|errors?|crash\w*|concerns?|problems?|inconsistent|unclear|duplicat\w*|only)\b|n't\b/i;

/** Sentences, list items and table rows of a review report's body; headings and the verdict line are not findings. */
function findingLines(body: string): string[] {
  const out: string[] = [];
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (
      line === '' ||
      line.startsWith('#') ||
      /^[*_\s]*verdict\b/i.test(line) ||
      /^\|?[\s:|-]+\|?$/.test(line)
    )
      continue;
    const cells = pipeCells(line);
    if (cells) {
      out.push(cells.filter((c) => !/^\d+$|^[-—–]?$/.test(c.trim())).join(' '));
      continue;
    }
    const item = line.replace(/^(?:[-*+]|\d+[.)])\s+/, '');
    out.push(...item.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((sentence) => PROBLEM.test(sentence)));
  }
  return out.filter((l) => /\p{L}{3}/u.test(l));
}

function themesOf(text: string): string[] {
  const have = new Set(stems(text));
  return THEMES.filter(
    (t) => t.stems.some((s) => have.has(s)) || (t.phrases ?? []).some((p) => p.test(text)),
  ).map((t) => t.theme);
}

/** Every finding of the sprint's review reports and of its stories' Findings tables. */
export function sprintFindings(
  root: string,
  reviews: readonly ReviewVerdict[],
  stories: readonly { key: string; storyFile?: { path: string; findings: StoryFinding[] } | undefined }[],
): FindingSource[] {
  const found: FindingSource[] = [];
  for (const r of reviews) {
    const { body } = splitFrontMatter(readProjectTextIfExists(root, r.artifact) ?? '');
    for (const text of findingLines(body))
      found.push({ storyKey: r.storyKey, file: r.artifact, kind: r.type.replace(/-/g, ' '), text });
  }
  for (const s of stories) {
    for (const f of s.storyFile?.findings ?? []) {
      const text = [f.type, f.finding].filter((p) => p && !/^[-—–]$/.test(p)).join(': ');
      if (/\p{L}{3}/u.test(f.finding))
        found.push({ storyKey: s.key, file: s.storyFile?.path ?? '', kind: 'story findings', text });
    }
  }
  return found;
}

/**
 * Recurring review feedback: themes that two or more findings of the sprint share, in two or more files
 * (a review and its story's Findings table count as two readers saying it), with counts and the stories
 * they came from. Most frequent first.
 */
export function reviewFeedbackPatterns(findings: readonly FindingSource[]): ReviewPattern[] {
  const byTheme = new Map<string, ReviewPattern>();
  for (const f of findings) {
    for (const theme of themesOf(f.text)) {
      const p = byTheme.get(theme) ?? { theme, count: 0, stories: [], kinds: [], files: [] };
      p.count += 1;
      if (!p.stories.includes(f.storyKey)) p.stories.push(f.storyKey);
      if (!p.kinds.includes(f.kind)) p.kinds.push(f.kind);
      if (!p.files.includes(f.file)) p.files.push(f.file);
      byTheme.set(theme, p);
    }
  }
  const order = THEMES.map((t) => t.theme);
  return [...byTheme.values()]
    .filter((p) => p.count >= 2 && p.files.length >= 2)
    .sort(
      (a, b) =>
        b.count - a.count ||
        b.stories.length - a.stories.length ||
        order.indexOf(a.theme) - order.indexOf(b.theme),
    );
}

/**
 * The findings of a board's stories: the rows of the review findings tables of their story files (`| ID |
 * Severity | Description | Resolution |`), the files a board's review outcomes are read from.
 */
export function boardFindings(
  facts: Readonly<Record<string, { evidence: { storyFile?: string; findings: { description: string }[] } }>>,
): FindingSource[] {
  return Object.entries(facts).flatMap(([storyKey, f]) =>
    f.evidence.findings
      .filter((x) => /\p{L}{3}/u.test(x.description))
      .map((x) => ({
        storyKey,
        file: f.evidence.storyFile ?? storyKey,
        kind: 'story review',
        text: x.description,
      })),
  );
}
