/** The hook events `retrospect init` wires to the friction-capture handler (docs/design/session-retro.md §3). */
export const FRICTION_HOOK_EVENTS = ['PostToolUseFailure', 'PermissionDenied', 'StopFailure'] as const;

/**
 * Our hook commands are recognised by their tail, whatever launches the binary (`retrospect`, `retro`,
 * `npx retrospect`, `node '<path>/bin/retrospect.js'`), so that a re-run after the package moved updates the
 * entry instead of adding a second one, and `--remove` finds every variant.
 */
const OUR_COMMAND = /retro(?:spect)?(?:\.js)?['"]?\s+hook\s+friction-capture\s*$/;

export function isFrictionCaptureCommand(command: unknown): boolean {
  return typeof command === 'string' && OUR_COMMAND.test(command);
}
