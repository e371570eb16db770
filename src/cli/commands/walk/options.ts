import { UsageError } from '../../../errors/errors.js';
import { WALK_MODES, WALK_SCOPES, type WalkMode, type WalkScope } from '../../../walk/document.js';
import { providerReviewer } from '../../../walk/llm-review.js';
import type { ParsedArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';

export const USAGE =
  'retrospect walk [TARGET] [--scope diff|commit-range|worktree|job-id|episode-ref] [--from-retro ANCHOR_ID] [--mode guided|agent-driven|summary-only] [--json FILE] [--md FILE] [--sessions DIR] [--no-comments] [--plan] [--provider P] [--model M] [--base-url URL]';
export const OPTIONS = {
  scope: { type: 'string' },
  'from-retro': { type: 'string' },
  mode: { type: 'string' },
  json: { type: 'string' },
  md: { type: 'string' },
  sessions: { type: 'string', multiple: true },
  'no-comments': { type: 'boolean' },
  plan: { type: 'boolean' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type WalkValues = ParsedArgs<typeof OPTIONS>['values'];

/** What to walk and how, checked against each other and against the terminal. */
export interface WalkSelection {
  target: string | undefined;
  scope: WalkScope | undefined;
  fromRetro: string | undefined;
  mode: WalkMode;
}

function pick<T extends string>(
  allowed: readonly T[],
  value: string | undefined,
  name: string,
): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(`--${name} takes ${allowed.join('|')}, got '${value}'\nusage: ${USAGE}`);
}

/** The walk's target, scope, anchor and mode; the mode defaults to guided only when a person is at the terminal. */
export function walkSelection(values: WalkValues, positionals: string[], io: CliIo): WalkSelection {
  if (positionals.length > 1)
    throw new UsageError(`walk takes one TARGET, got ${positionals.length}\nusage: ${USAGE}`);
  const [target] = positionals;
  const scope = pick(WALK_SCOPES, values.scope, 'scope');
  const fromRetro = values['from-retro'];
  if (fromRetro !== undefined && (target !== undefined || scope !== undefined))
    throw new UsageError(
      `--from-retro walks the anchor's session: give no TARGET or --scope\nusage: ${USAGE}`,
    );
  const mode =
    pick(WALK_MODES, values.mode, 'mode') ?? (io.stdin.isTTY && io.stderr.isTTY ? 'guided' : 'summary-only');
  if (mode === 'guided' && target === '-')
    throw new UsageError('guided mode reads comments from stdin; pass the diff as a file');
  if (target === '-' && io.stdin.isTTY)
    throw new UsageError('walk - reads a diff from stdin; pipe one in (git diff | retrospect walk -)');
  return { target, scope, fromRetro, mode };
}

/** The agent-driven reviewer from `--provider`, `--model` and `--base-url`; its notices go to stderr. */
export function agentReviewer(values: WalkValues, io: CliIo): ReturnType<typeof providerReviewer> {
  return providerReviewer({
    env: io.env,
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    log: (line) => println(io.stderr, `retrospect walk: ${line}`),
  });
}
