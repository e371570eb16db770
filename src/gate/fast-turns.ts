import { TYPE_ASSISTANT, TYPE_USER } from '../transcript/claude/fast/line.js';
import { type FastReadOptions, readTranscriptLines } from '../transcript/claude/fast/read.js';
import { editsOf, messageIdOf, textOf, toolResultErrorsOf } from '../transcript/claude/fast/view-fields.js';
import { toTurnEvent } from '../transcript/claude/normalise.js';
import type { TranscriptFacts } from '../transcript/types.js';
import {
  assistantTurn,
  assistantTurnOfSettledText,
  classifyTurn,
  type GateTurn,
  idIsRead,
  userTextMatters,
  userTurn,
} from './turns.js';

/**
 * The gate's own reading of a Claude Code transcript: the fast reader's line views turned straight into
 * gate turns, with no event in between and nothing decoded that cannot change the verdict. A turn's id is
 * decoded only when a signal may anchor on it, a user turn's text only when a person may have typed it, and
 * an assistant turn's text only when its raw bytes cannot rule out a retry phrase or settle its length. The
 * turns equal classifyTurn of the oracle's events, except that ids nobody reads are ''.
 */
export function readGateTurnsFast(
  path: string,
  onTurn: (turn: GateTurn) => void,
  options: FastReadOptions = {},
): TranscriptFacts {
  return readTranscriptLines(
    path,
    {
      view: (b, view, lineNo) => {
        let turn: GateTurn;
        if (view.type === TYPE_ASSISTANT) {
          const edits = editsOf(b, view);
          const info = view.textInfo;
          turn =
            info >= 0 && (info & 1) === 0
              ? assistantTurnOfSettledText(lineNo, '', info >> 1, edits)
              : assistantTurn(lineNo, '', textOf(b, view), edits);
        } else if (view.type === TYPE_USER) {
          const errors = toolResultErrorsOf(view);
          const text = userTextMatters(errors, view.isMetaTruthy) ? textOf(b, view) : '';
          turn = userTurn(lineNo, '', errors, view.isMetaTruthy, text);
        } else {
          return;
        }
        if (idIsRead(turn)) turn.id = messageIdOf(b, view, lineNo);
        onTurn(turn);
      },
      parsed: (line, lineNo) => {
        const event = toTurnEvent(line, lineNo);
        if (event) onTurn(withUnreadIdBlank(classifyTurn(event)));
      },
    },
    options,
  );
}

/** The turn with an id nobody reads set to '', as the direct reading leaves it. */
export function withUnreadIdBlank(turn: GateTurn): GateTurn {
  if (!idIsRead(turn)) turn.id = '';
  return turn;
}
