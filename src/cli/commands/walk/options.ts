import { UsageError } from '../../../errors/errors.js';
import { resolveReaderSettings } from '../../../llm/settings.js';
import { providerReviewer } from '../../../walk/comments/llm-review.js';
import type { WalkMode, WalkScope } from '../../../walk/document.js';
import { type ParsedArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { SPEC } from './spec.js';

export type WalkValues = ParsedArgs<typeof SPEC.options>['values'];

/** What to walk and how, checked against each other and against the terminal. */
export interface WalkSelection {
  target: string | undefined;
  scope: WalkScope | undefined;
  fromRetro: string | undefined;
  session: string | undefined;
  mode: WalkMode;
}

/** The walk's target, scope, anchor and mode; the mode defaults to guided only when a person is at the terminal. */
export function walkSelection(values: WalkValues, positionals: string[], io: CliIo): WalkSelection {
  const [target] = positionals;
  const scope = values.scope as WalkScope | undefined;
  const fromRetro = values['from-retro'];
  if (fromRetro !== undefined && (target !== undefined || scope !== undefined))
    throw usageError(SPEC, "--from-retro walks the anchor's session: give no TARGET or --scope");
  const session = values.session;
  if (session !== undefined && (target !== undefined || scope !== undefined || fromRetro !== undefined))
    throw usageError(SPEC, "--session walks that session's commits: give no TARGET, --scope or --from-retro");
  const mode =
    (values.mode as WalkMode | undefined) ?? (io.stdin.isTTY && io.stderr.isTTY ? 'guided' : 'summary-only');
  if (mode === 'guided' && target === '-')
    throw new UsageError('guided mode reads comments from stdin; pass the diff as a file');
  if (target === '-' && io.stdin.isTTY)
    throw new UsageError('walk - reads a diff from stdin; pipe one in (git diff | retrospect walk -)');
  return { target, scope, fromRetro, session, mode };
}

/** The agent-driven reviewer from `--provider`, `--model` and `--base-url`; its notices go to stderr. */
export function agentReviewer(values: WalkValues, io: CliIo): ReturnType<typeof providerReviewer> {
  return providerReviewer({
    reader: resolveReaderSettings(io.env),
    env: io.env,
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    log: (line) => println(io.stderr, `retrospect walk: ${line}`),
  });
}
