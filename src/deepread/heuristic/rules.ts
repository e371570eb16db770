/**
 * What each pattern the detectors recognise shows, as an observation. Offline, a pattern is never a
 * rule by itself: a canned rule ("read the file before editing it") reads the same whatever the session
 * and is often not what the person wanted learned. Only what the person said they want carries a rule
 * (stated-wants.ts); these say what was seen, for the person reading the retro and for a model's read.
 */
export const OBSERVATIONS = {
  'stale edit': 'Edits failed because the file had changed since it was read.',
  'unread edit': 'Edits or writes failed because the file had not been read first.',
  'permission denial': 'The harness denied tool calls, and they were sent again.',
  'repeated command': 'A failing command was run again with nothing changed in between.',
  'repeated error': 'A tool failed the same way several times in a row.',
  'rejected action': 'The user refused a tool call and typed a reason.',
  'retried rejection': 'A call the user had refused was sent again before they said how to proceed.',
  'unwanted edit': 'The user refused or stopped an edit.',
  'premature edit': 'The agent edited files while the user was asking a question.',
  'rejected commands': 'The user refused several commands in a row.',
  'interactive command': 'The agent ran a command that waits for a person (a login, a prompt, an editor).',
  'unasked command':
    'The user refused or stopped a command that installs, deletes, commits or changes the system.',
  'long run': 'The user interrupted a long run of tool calls.',
  'scope overreach': 'The user undid or fenced off a change.',
  'unverified fix': 'After the agent said it was fixed, the user said it still did not work.',
  'repeated correction': 'The user corrected the agent several times.',
  'ignored instruction': 'The user had to repeat an instruction.',
  'unverified success': 'The agent reported success that no check after its last edit showed.',
  'handed back': 'The user asked the agent to run a step it had left to them.',
  'contradicted success': 'The agent reported success while the latest check showed a failure.',
} as const;

export type Pattern = keyof typeof OBSERVATIONS;
