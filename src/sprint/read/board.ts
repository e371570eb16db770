import type { StoryState } from './status-words.js';

/**
 * A sprint status file of a layout other than `.gaia/`, read into one shape: the units a retro can cover
 * (a BMAD epic, an orchestrator's sprint, an epic of an epics map) and their stories with the words the
 * file uses. Nothing here is computed yet; facts/board-metrics.ts counts.
 */
type BoardLayout = 'bmad' | 'sprint-list' | 'epics-map';

export interface BoardStory {
  key: string;
  title: string;
  /** The status word as written. */
  status: string;
  state: StoryState;
  points?: number;
  blockedBy?: string;
  /** Rework the status file records itself (`rework_count`, a reopen after `failed`), with its reasons. */
  rework?: { count: number; reasons: string[] };
  /** Why a failed story failed, as the file says. */
  failureReason?: string;
  /** True when the status file records the story's passage through review (an orchestrator's `rework_count: 0`). */
  reviewRecorded?: boolean;
  /** A review outcome the status file records for the story (`gate-status: pass`, a `# Code Review APPROVED` note). */
  statusReview?: string;
}

export interface BoardUnit {
  /** The id the retro is asked for: `epic-19`, `sprint-01`, `E5`. */
  id: string;
  kind: 'epic' | 'sprint';
  title?: string;
  /** The unit's own status word, when the file gives one. */
  status?: string;
  stories: BoardStory[];
  /** Planned points declared for the unit (`committed_points`), when the file gives them. */
  plannedPoints?: number;
  endDate?: string;
  /** An archived status file the unit's entry points to but that could not be read. */
  archive?: string;
  /** The status of the unit's retrospective entry (`epic-19-retrospective: done`). */
  retrospective?: string;
}

export interface SprintBoard {
  layout: BoardLayout;
  /** The status file, relative to the project root. */
  path: string;
  units: BoardUnit[];
  /** The unit the file itself names as current (`current_epic`, the sprint of a sprint file). */
  current?: string;
  /** Folders (relative to the root) where this layout keeps story files. */
  storyFolders: string[];
  warnings: string[];
}
