import { readProjectTextIfExists } from '../../fsx/index.js';
import { LIFECYCLE_EVENTS_PATH } from './paths.js';

interface StoryTransition {
  storyKey: string;
  from: string;
  to: string;
  /** Milliseconds since the epoch, or undefined when the event carries no readable time. */
  at: number | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Status transitions from `.gaia/memory/lifecycle-events.jsonl` (`data.from`/`data.to`, story key in
 * `story_key`, `data.story_key` or `key`). Torn or foreign lines are skipped; a missing file gives none.
 */
export function readStoryTransitions(root: string): StoryTransition[] {
  const raw = readProjectTextIfExists(root, LIFECYCLE_EVENTS_PATH);
  if (!raw) return [];
  const transitions: StoryTransition[] = [];
  for (const line of raw.split('\n')) {
    if (line.trim() === '') continue;
    let event: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(line);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) continue;
      event = parsed as Record<string, unknown>;
    } catch {
      continue;
    }
    const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
    const storyKey = text(event.story_key) ?? text(data.story_key) ?? text(event.key) ?? text(data.key);
    const from = text(data.from);
    const to = text(data.to);
    if (!storyKey || !from || !to) continue;
    const when = Date.parse(text(event.ts) ?? text(event.timestamp) ?? '');
    transitions.push({ storyKey, from, to, at: Number.isNaN(when) ? undefined : when });
  }
  return transitions;
}

/** True when the story went back from review to in-progress at least once. */
export function hasRework(transitions: StoryTransition[], key: string): boolean {
  return transitions.some((t) => t.storyKey === key && t.from === 'review' && t.to === 'in-progress');
}

interface BlockedSpan {
  /** Days blocked, one decimal; undefined when the events carry no times. */
  days: number | undefined;
  /** True when no event shows the story leaving `blocked`. */
  ongoing: boolean;
}

/**
 * How long a story was blocked, summed over its blocked spans. An open span ends at `until` (the sprint
 * end) when given; without a usable end it contributes nothing and the span is reported as ongoing.
 */
export function blockedSpan(
  transitions: StoryTransition[],
  key: string,
  until?: number,
): BlockedSpan | undefined {
  const own = transitions
    .filter((t) => t.storyKey === key && t.at !== undefined)
    .sort((a, b) => a.at! - b.at!);
  if (!own.some((t) => t.to === 'blocked')) return undefined;
  let total = 0;
  let openedAt: number | undefined;
  for (const t of own) {
    if (t.to === 'blocked' && openedAt === undefined) openedAt = t.at;
    else if (t.from === 'blocked' && t.to !== 'blocked' && openedAt !== undefined) {
      total += t.at! - openedAt;
      openedAt = undefined;
    }
  }
  const ongoing = openedAt !== undefined;
  if (ongoing && until !== undefined && until > openedAt!) total += until - openedAt!;
  return { days: Math.round((total / 86_400_000) * 10) / 10, ongoing };
}
