/**
 * The rules the offline reader proposes, one per pattern. Each is prose for the agent that caused the
 * friction: imperative, universal (no project names), under 200 characters, with no command, path, link
 * or backtick, since validation refuses those. The first three keep the wording earlier releases used,
 * so a lesson already holding one is recognised.
 */
export const RULES = {
  'stale edit':
    'Before each Edit, Read the current lines you will replace; after a "String to replace not found" error, Read the file again instead of retrying from memory.',
  'unread edit': 'Always Read a file in the current session before you Edit or Write it.',
  'permission denial':
    'When a tool call is denied, never repeat it unchanged; ask the user for permission or use an allowed alternative.',
  'repeated command':
    'Never rerun a failing command unchanged; read its error output and change the command or the code before the next attempt.',
  'repeated error':
    'When a tool call fails, change the call or the approach before trying again; after two identical failures, stop and tell the user what blocks you.',
  'rejected action':
    'When the user rejects a tool call and gives a reason, follow that reason and confirm the new plan before the next tool call; never repeat the rejected action.',
  'retried rejection':
    'After the user rejects a tool call, stop and wait for their answer; never send the same call again until they say how to proceed.',
  'unwanted edit':
    'When the user rejects or stops an edit, ask what to change, or follow the reason they give, before editing again; never retry the same edit.',
  'premature edit':
    'When the user asks a question, answer it and describe any change in words; edit files only after the user asks for the edit.',
  'rejected commands':
    'When the user rejects a command, stop and ask what they want; do not try other commands toward the same step first.',
  'interactive command':
    'Never run commands that wait for a person (logins, passwords, editors, pagers); give the user the command to run and wait for the result.',
  'unasked command':
    'Ask before running commands that install, delete, commit, push, kill processes or change system settings, unless the user asked for exactly that.',
  'long run':
    'On long tasks, pause after a few steps to say what you found and what you will do next, so the user can redirect you before the work runs on.',
  'scope overreach':
    'Change only what the user asked for; ask before touching other files, settings or behaviour, and never widen a change on your own.',
  'unverified fix':
    'After a fix, check it the way the user will (run, build or reload, and read the result) before saying it works; if it still fails, find the cause first.',
  'repeated correction':
    'When the user corrects you, restate the corrected requirement in one line and follow it exactly; never go back to the approach they rejected.',
  'ignored instruction':
    "Before acting, re-read the user's latest instructions and follow them as given; when something is unclear, ask instead of assuming.",
  'unverified success':
    'Before saying something works or tests pass, run the check after your last edit and read its output; otherwise say plainly that it is untested.',
  'handed back':
    'When you can run a command or a check yourself, run it and report what it printed; do not hand the step back to the user.',
  'contradicted success':
    'Never report success while the latest test, build or run shows a failure; quote the failure and say what you will do next.',
} as const;

export type Pattern = keyof typeof RULES;
