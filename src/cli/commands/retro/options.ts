import { resolve } from 'node:path';
import { UsageError } from '../../../errors/errors.js';
import { resolveReaderSettings } from '../../../llm/settings.js';
import type { Prompter } from '../../../prompt/line-prompter.js';
import { autoDecider } from '../../../retro/decide.js';
import { projectDeepReader } from '../../../retro/deep-reader.js';
import { interactiveDecider } from '../../../retro/interactive.js';
import type { RetroOptions } from '../../../retro/pipeline.js';
import { type ParsedArgs, parseCount, parsePositive } from '../../args.js';
import { existingFolder } from '../../folder-option.js';
import { hostOption } from '../../host-option.js';
import { type CliIo, writeText } from '../../io.js';
import { gateSettingsFromArgs } from '../../profile-option.js';
import { answerSource } from './answers-option.js';
import type { SPEC } from './spec.js';

export type RetroValues = ParsedArgs<typeof SPEC.options>['values'];

import { effectOptions } from '../trial/effect-options.js';

/** The longest delay a timer takes: beyond it Node fires after 1 ms instead (and warns). */
const MAX_TIMER_MS = 2_147_483_647;

/** `--gate-cap-ms`: 1 ms to about 24.8 days; absent, the pipeline's default (2000 with `--all`, else 5000). */
function gateCapOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseCount(value, '--gate-cap-ms', 0);
  if (ms < 1 || ms > MAX_TIMER_MS) {
    throw new UsageError(
      `--gate-cap-ms must be between 1 and ${MAX_TIMER_MS} (milliseconds), got '${value}'`,
    );
  }
  return ms;
}

/**
 * The pipeline's options from the command line: the user decides at `prompter` when there is one (else
 * the automatic decider), and the deep read uses the chosen provider.
 */
export function retroOptionsFrom(
  v: RetroValues,
  sessionId: string | undefined,
  io: CliIo,
  prompter: Prompter | undefined,
  log: (line: string) => void,
): RetroOptions {
  // Resolved once: the same settings reach every gate the retro runs (candidates, trial review, deep read).
  const gate = gateSettingsFromArgs(io.env, { profile: v.profile, threshold: v.threshold });
  return {
    cwd: io.cwd,
    env: io.env,
    gate,
    sessionId,
    all: v.all,
    dryRun: v['dry-run'],
    alsoClaudeMd: v['also-claude-md'],
    alsoAgentsMd: v['also-agents-md'],
    alsoGeminiMd: v['also-gemini-md'],
    projectsRoot: existingFolder(
      v['projects-root'],
      '--projects-root',
      'a Claude Code projects folder, like ~/.claude/projects',
    ),
    hosts: hostOption(v.host),
    threshold: v.threshold,
    today: v.today,
    concurrency: parsePositive(v.concurrency, '--concurrency', 3),
    gateCapMs: gateCapOf(v['gate-cap-ms']),
    trialReview: effectOptions({ rule: v['trial-rule'] }),
    // A dry run asks nothing: it shows what every choice's "apply" would do.
    decider:
      prompter && !v['dry-run']
        ? interactiveDecider(prompter, (text) => writeText(io.stderr, text))
        : autoDecider,
    installHooks: v['install-hooks'],
    deepReader: projectDeepReader({
      // The scheduled run (--all --auto) is unattended: it reads only with a reader chosen for it.
      unattended: v.all === true && v.auto === true && v['dry-run'] !== true,
      answers: v.answers === undefined ? undefined : answerSource(resolve(io.cwd, v.answers), v.all === true),
      provider: v.provider,
      model: v.model,
      baseUrl: v['base-url'],
      reader: resolveReaderSettings(io.env),
      env: io.env,
      cwd: io.cwd,
      log,
    }),
    anchorsElsewhere: !v.auto,
    log,
  };
}
