import { parse as parseYaml } from 'yaml';
import { pushAll } from '../../arrays/bounded.js';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { pipeCells, splitFrontMatter } from './markdown.js';
import { isOutcomeHeading, outcomeOfLine, type ReviewOutcome, readOutcomeText } from './review-outcome.js';
import { type ReviewWord, reviewWordOf } from './review-words.js';
import { type IndexedFile, isReviewDocument, storyPrefix } from './story-index.js';

/** One review outcome of a story, with where it was read. */
export interface ReviewRecord extends ReviewOutcome {
  /** Path relative to the root. */
  source: string;
  kind: 'story-file' | 'review-log' | 'review-doc' | 'qa-gate' | 'status-file';
}

interface ReviewFinding {
  id: string;
  severity: string;
  description: string;
  resolution: string;
}

/** What a story's own files say about its review: outcomes, findings, patches, quality gates. */
export interface StoryEvidence {
  storyFile?: string;
  /** The `Status:` line (or front matter status) of the story file. */
  fileStatus?: string;
  reviews: ReviewRecord[];
  findings: ReviewFinding[];
  /** `[Review][Patch]` and `[AI-Review]` items: changes the review asked for. */
  patches: number;
  qualityGates?: { checked: number; total: number };
}

const REVIEW_HEADING = /review|qa results|audit/i;
const NOT_REVIEW_HEADING = /follow-?ups?|action items|tasks|acceptance|checklist|how to|prerequisite/i;

function statusLine(data: Record<string, unknown>, body: string): string | undefined {
  if (typeof data.status === 'string' && data.status.trim() !== '') return data.status.trim();
  for (const line of body.split('\n').slice(0, 40)) {
    const match = /^\s*(?:[-*]\s+)?\**\s*Status\s*\**\s*:\s*\**\s*([^*\n]+?)\s*\**\s*$/i.exec(line);
    if (match) return match[1]!.trim();
  }
  return undefined;
}

function headingOf(line: string): { level: number; text: string } | undefined {
  const match = /^(#{1,6})\s+(.*)$/.exec(line);
  return match ? { level: match[1]!.length, text: match[2]!.trim() } : undefined;
}

function findingsOf(lines: string[]): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  let header: string[] | undefined;
  for (const line of lines) {
    const cells = pipeCells(line);
    if (!cells) {
      header = undefined;
      continue;
    }
    if (!header) {
      header = cells.map((c) => c.toLowerCase());
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const col = (name: RegExp) => header!.findIndex((h) => name.test(h));
    const sev = col(/severity|priority/);
    if (sev < 0) continue;
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    findings.push({
      id: cell(col(/^(id|#)$/)),
      severity: cell(sev).replace(/\*/g, ''),
      description: cell(col(/description|finding|issue/)),
      resolution: cell(col(/resolution|status|fix|disposition|action/)),
    });
  }
  return findings;
}

/** An outcome written after other fields on one line (`**Reviewer:** X **Date:** Y **Outcome:** ✅ APPROVED`). */
function inlineOutcome(line: string): ReviewOutcome | undefined {
  const match = /\*\*(?:Review )?(?:Outcome|Verdict)\s*:?\s*\*\*\s*:?\s*(.+)$/i.exec(line);
  return match && match.index > 0 ? readOutcomeText(match[1]!) : undefined;
}

/** Reads the review sections of a story file: outcome lines, `### Outcome` headings, findings, patches. */
export function readStoryReviews(path: string, text: string): StoryEvidence {
  const { data, body } = splitFrontMatter(text);
  const lines = body.split('\n');
  const reviews: ReviewRecord[] = [];
  const reviewLines: string[] = [];
  let section: { level: number; review: boolean } | undefined;
  let patches = 0;
  let awaitingOutcome = false;
  let gates: { checked: number; total: number } | undefined;
  let inGates = false;
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      // An `### Outcome` heading followed by another heading: the review left its outcome empty.
      if (awaitingOutcome) reviews.push({ ...readOutcomeText(''), source: path, kind: 'story-file' });
      if (isOutcomeHeading(line) && section?.review) {
        awaitingOutcome = true;
        continue;
      }
      const outcomeInHeading = outcomeOfLine(line);
      if (outcomeInHeading && outcomeInHeading.outcome !== 'UNKNOWN')
        reviews.push({ ...outcomeInHeading, source: path, kind: 'story-file' });
      awaitingOutcome = false;
      inGates = heading.level === 2 ? /^quality gates?$/i.test(heading.text) : inGates && heading.level > 2;
      if (!section || heading.level <= section.level || !section.review) {
        section = {
          level: heading.level,
          review: REVIEW_HEADING.test(heading.text) && !NOT_REVIEW_HEADING.test(heading.text),
        };
      }
      continue;
    }
    if (inGates) {
      const box = /^\s*[-*]\s+\[([ xX])\]/.exec(line);
      if (box)
        gates = { checked: (gates?.checked ?? 0) + (box[1] === ' ' ? 0 : 1), total: (gates?.total ?? 0) + 1 };
    }
    if (/^\s*[-*]\s*\[[ xX]\]\s*\[(?:Review\]\s*\[Patch|AI-Review)\]/i.test(line)) patches += 1;
    if (awaitingOutcome) {
      if (line.trim() === '' || /^<!--/.test(line.trim())) continue;
      awaitingOutcome = false;
      const read = readOutcomeText(line.replace(/^\s*[-*>]\s*/, ''));
      reviews.push({ ...read, source: path, kind: 'story-file' });
      continue;
    }
    const labelled = outcomeOfLine(line) ?? inlineOutcome(line);
    const explicitReview = /review/i.test(line.split(':')[0] ?? '');
    if (labelled && (section?.review || explicitReview))
      reviews.push({ ...labelled, source: path, kind: 'story-file' });
    if (section?.review) reviewLines.push(line);
  }
  const evidence: StoryEvidence = { storyFile: path, reviews, findings: findingsOf(reviewLines), patches };
  const status = statusLine(data, body);
  if (status) evidence.fileStatus = status;
  if (gates) evidence.qualityGates = gates;
  return evidence;
}

/** Outcome lines of a review log or a review document section, attributed to one story. */
function outcomesIn(lines: string[], source: string, kind: ReviewRecord['kind']): ReviewRecord[] {
  return lines.flatMap((line) => {
    const read = outcomeOfLine(line);
    return read ? [{ ...read, source, kind }] : [];
  });
}

/** Mentions of a story in a heading: its key, its id (`story-001`), `Story 5.1`, `5-1`. */
function mentions(heading: string, key: string): boolean {
  const h = heading.toLowerCase();
  if (h.includes(key.toLowerCase())) return true;
  const prefix = storyPrefix(key);
  if (!prefix) return false;
  const dotted = prefix.replace(/-/g, '.');
  return new RegExp(
    `(^|[^\\w.-])(story\\s*)?(${escapeRegExp(prefix)}|${escapeRegExp(dotted)})(?![\\w.-]*\\d)`,
    'i',
  ).test(h);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Review documents beside the stories: a log named for the story (`5-1-review-log.md`) counts whole; a
 * document covering many stories (`story-review-sprint-1.md`) counts per section whose heading names the story.
 */
export function reviewDocumentOutcomes(
  root: string,
  files: readonly IndexedFile[],
  key: string,
  storyFile?: string,
): ReviewRecord[] {
  const prefix = storyPrefix(key);
  const records: ReviewRecord[] = [];
  for (const file of files) {
    if (!isReviewDocument(file.name) || file.path === storyFile) continue;
    const own =
      file.name.startsWith(`${key}-`) ||
      (prefix !== undefined && file.name.toLowerCase().startsWith(`${prefix.toLowerCase()}-`));
    const text = readProjectTextIfExists(root, file.path);
    if (!text) continue;
    const lines = splitFrontMatter(text).body.split('\n');
    if (own) {
      pushAll(records, outcomesIn(lines, file.path, 'review-log'));
      continue;
    }
    let inStory = false;
    let level = 0;
    for (const line of lines) {
      const heading = headingOf(line);
      if (heading) {
        if (mentions(heading.text, key)) {
          inStory = true;
          level = heading.level;
        } else if (inStory && heading.level <= level) inStory = false;
        continue;
      }
      if (inStory) records.push(...outcomesIn([line], file.path, 'review-doc'));
    }
  }
  return records;
}

/** BMAD v4 QA gate files (`docs/qa/gates/1.3-database-schema.yml`, `gate: CONCERNS`) of one story. */
export function qaGateOutcomes(root: string, files: readonly IndexedFile[], key: string): ReviewRecord[] {
  const prefix = storyPrefix(key);
  if (!prefix) return [];
  const dotted = prefix.replace(/-/g, '.');
  return files
    .filter(
      (f) =>
        /\/gates\//.test(f.path) &&
        /\.ya?ml$/i.test(f.name) &&
        (f.name.startsWith(`${dotted}-`) || f.name.startsWith(`${dotted}.`)),
    )
    .flatMap((f): ReviewRecord[] => {
      try {
        const gate = (parseYaml(readProjectTextIfExists(root, f.path) ?? '') as { gate?: unknown } | null)
          ?.gate;
        if (typeof gate !== 'string') return [];
        return [{ ...readOutcomeText(gate), source: f.path, kind: 'qa-gate' }];
      } catch {
        return [];
      }
    });
}

/** A review the status file records (`gate-status: pass`, `# Re-review APPROVED: all fixes complete`). */
export function statusFileOutcome(note: string, source: string): ReviewRecord | undefined {
  const words = note
    .replace(/^(?:code\s+)?review(?:ed)?\s*:?\s*/i, '')
    .replace(/^re-?review(?:ed)?\s*:?\s*/i, '');
  const word: ReviewWord | undefined = reviewWordOf(words);
  if (!word) return undefined;
  const again = /\bre-?review/i.test(note);
  return {
    outcome: word,
    stages: again ? ['CHANGES_REQUESTED', word] : [word],
    rework: again,
    text: note,
    source,
    kind: 'status-file',
  };
}
