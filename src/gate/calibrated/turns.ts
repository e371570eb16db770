import type { EditCall, MessageId, ToolResultKind } from '../../transcript/types.js';

/** An assistant line as the calibrated gate needs it (no text kept). */
export interface CalibratedAssistantTurn {
  kind: 'assistant';
  lineNo: number;
  id: MessageId;
  /** Whether the line's text has at least S5_MIN_ASSISTANT_LENGTH code points. */
  long: boolean;
  /** Whether the line carries any text (a tool-only line does not). */
  hasText: boolean;
  /** Retry phrases in the text (RETRY_RE matches). */
  retries: number;
  /** Whether the text opens by conceding a correction (only read for the first reply to a person). */
  concedes: boolean;
  /** Whether the first reply to a person says the agent cannot do what was asked (DECLINE_RE). */
  declines: boolean;
  edits: EditCall[];
  /**
   * The line's text, decoded only when asked: the machine reads the agent's last text before a correction
   * for a claim that the work was done.
   */
  text: () => string;
}

/** A user line: tool results (with what each error was) or a text. */
export interface CalibratedUserTurn {
  kind: 'user';
  lineNo: number;
  id: MessageId;
  isMeta: boolean;
  /** One entry per tool_result block: what it reported. */
  results: ToolResultKind[];
  /** The text, for a turn without tool results that is not meta ('' otherwise). */
  text: string;
}

export type CalibratedTurn = CalibratedAssistantTurn | CalibratedUserTurn;
