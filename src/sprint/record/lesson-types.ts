import { LESSON_AGENTS, type LessonAgent } from '../read/paths.js';

/** The closed set of brain lesson categories; anything else is rejected. */
export const LESSON_CATEGORIES = [
  'strategy',
  'writing-rule',
  'doc-maintenance-obligation',
  'anti-pattern',
  'tool-constraint',
] as const;

export interface Lesson {
  category: string;
  synopsis: string;
  /** The agents whose decision logs carry it; all six by default. */
  agents: LessonAgent[];
  confidence: number;
  expires_at: string | null;
}

export function isLessonCategory(value: string): boolean {
  return (LESSON_CATEGORIES as readonly string[]).includes(value);
}

export const ALL_AGENTS: LessonAgent[] = [...LESSON_AGENTS];

/** Action item types that `--auto-file` queues for the filing command. */
export const AUTO_FILE_TYPES = ['feature', 'new-story', 'bug', 'enhancement', 'automation'] as const;
/** Every type an action item may carry (the auto-file ones and the ones that never become stories). */
export const ACTION_TYPES = [
  ...AUTO_FILE_TYPES,
  'tech-debt',
  'process',
  'clarification',
  'planning',
  'investigation',
  'escalation',
] as const;
