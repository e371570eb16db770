// The second look's public API (the `retrospect/second-look` entry point): re-exports only.
export {
  type AnswerCheck,
  FRICTION_KINDS,
  type FrictionKind,
  MIN_QUOTE_CHARS,
  SECOND_LOOK_SCHEMA,
  type SecondLookAnswer,
  validateAnswer,
} from './answer.js';
export { DEFAULT_BAND, inBand, type SecondLookBand } from './band.js';
export {
  cuesOf,
  DEFAULT_ENTRY,
  type EntryCue,
  type EntryDecision,
  entryOf,
  type SecondLookEntry,
} from './entry.js';
export {
  askSecondLook,
  decideFromText,
  prepareSecondLook,
  type SecondLookCase,
  type SecondLookOptions,
  type SecondLookOutcome,
  unread,
} from './look.js';
export { secondLookPrompt } from './prompt.js';
export { type ChosenReader, chooseSecondLookReader, type SecondLookReaderOptions } from './reader.js';
export { renderSecondLook, type SecondLookReport, secondLookReport } from './render.js';
export { type SessionView, sessionView } from './view.js';
