import { decideGuard, guardInput } from '../../../hooks/guards/decide.js';
import { readHookInput } from '../../../hooks/stdin.js';
import { GUARD_KINDS, isGuardKind } from '../../../trial/evidence/guard-kinds.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';

const GUARD_SPEC = defineCommand({
  path: 'hook guard',
  summary:
    'Enforce a rule that kept being broken: block a repeated failing command, an unread edit, an unchecked claim',
  details:
    "Reads the hook's JSON on stdin and the session's transcript. repeated-failing-command and\nedit-without-read are PreToolUse hooks, unverified-success-claim a Stop hook (it blocks once).",
  args: [
    {
      name: 'KIND',
      required: true,
      description: 'repeated-failing-command, edit-without-read or unverified-success-claim',
    },
  ],
  options: {},
  examples: [
    ['retrospect init --guard repeated-failing-command', 'install one in .claude/settings.json'],
    ['retrospect hook guard edit-without-read < payload.json', 'what Claude Code runs before an edit'],
  ],
  exitStatus:
    '2 blocks (the reason on stderr); 0 lets the agent go on, also when it cannot judge; 1 an unknown guard',
  // Exit 2 would block the agent: a usage error must never do that.
  usageExit: 1,
});

/**
 * `retrospect hook guard <kind>`: one guard hook. Exit 2 with the reason on stderr blocks the tool call
 * (PreToolUse) or the stop (Stop), which is how Claude Code hears a guard; anything the guard cannot
 * judge (bad input, unreadable transcript) exits 0 with a note, so a broken guard never stops work.
 */
export async function guard(args: string[], io: CliIo): Promise<number> {
  const kind = parseCommandArgs(args, GUARD_SPEC).positionals[0] ?? '';
  if (!isGuardKind(kind)) {
    println(
      io.stderr,
      `retrospect hook guard: unknown guard '${kind}' (${Object.keys(GUARD_KINDS).join(', ')})`,
    );
    return 1;
  }
  const input = await readHookInput(io.stdin);
  if (!input.ok) {
    println(io.stderr, `retrospect hook guard ${kind}: ${input.reason}`);
    return 0;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(input.text);
  } catch {
    println(io.stderr, `retrospect hook guard ${kind}: the hook input is not JSON`);
    return 0;
  }
  const decision = decideGuard(GUARD_KINDS[kind], guardInput(payload));
  if (!decision.block) return 0;
  println(io.stderr, decision.reason);
  return 2;
}
