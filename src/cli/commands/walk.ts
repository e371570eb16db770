import { resolve } from 'node:path';
import { RetrospectError, UsageError } from '../../errors/errors.js';
import { readRegularText } from '../../fsx/index.js';
import { gitOutput } from '../../git/safe-git.js';
import { startJob } from '../../jobs/run.js';
import { resolveReaderSettings } from '../../llm/settings.js';
import { createLinePrompter } from '../../prompt/line-prompter.js';
import { resolveStoreSettings } from '../../store/settings.js';
import { parseSuppliedComments } from '../../walk/comments/supplied.js';
import { pickWhyReaders } from '../../walk/narrate/why-readers.js';
import { WALK_PLAN_TOML } from '../../walk/plan.js';
import { redactText } from '../../walk/redact.js';
import { walkChangeSet } from '../../walk/walk.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println, readStdinText } from '../io.js';
import { agentReviewer, walkSelection } from './walk/options.js';
import { writeWalkOutputs } from './walk/output.js';
import { SPEC } from './walk/spec.js';

/** `retrospect walk`: a retrospective walk of a change set, as Markdown (stdout or --md) and JSON (--json). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  if (values.plan) {
    io.stdout.write(WALK_PLAN_TOML);
    return 0;
  }
  const { target, scope, fromRetro, session, mode } = walkSelection(values, positionals, io);
  if (values.comments !== undefined && values['no-comments'])
    throw new UsageError('--comments gives comments and --no-comments refuses them: give one of them');
  const suppliedComments =
    values.comments === undefined
      ? undefined
      : parseSuppliedComments(readRegularText(resolve(io.cwd, values.comments)), values.comments);
  const modelsForWhy = pickWhyReaders({
    models: (values['models-for-why'] ?? 'auto').split(','),
    reader: resolveReaderSettings(io.env),
    env: io.env,
    cwd: io.cwd,
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
  });
  const { dataDir } = resolveStoreSettings(io.env);
  const job = startJob(redactText(['walk', ...args].join(' '), io.env), dataDir);
  const review = mode === 'agent-driven' && !values['no-comments'] ? agentReviewer(values, io) : undefined;
  if (review?.notice) println(io.stderr, `retrospect walk: ${review.notice}`);
  const prompter =
    mode === 'guided' && !values['no-comments'] ? createLinePrompter(io.stdin, io.stderr) : undefined;
  try {
    const { document, warnings } = await walkChangeSet({
      ...(target !== undefined ? { target } : {}),
      ...(scope ? { scope } : {}),
      ...(fromRetro !== undefined ? { fromRetro } : {}),
      ...(session !== undefined ? { session } : {}),
      ...(values['no-survival'] ? { survival: false } : {}),
      ...(values['survival-at'] !== undefined ? { survivalAt: values['survival-at'] } : {}),
      mode,
      cwd: io.cwd,
      env: io.env,
      dataDir,
      readStdin: () => readStdinText(io),
      ...(values.sessions ? { sessions: values.sessions } : {}),
      captureComments: !values['no-comments'],
      modelsForWhy,
      includePriorEvidence: !values['no-prior-evidence'],
      ...(suppliedComments ? { suppliedComments } : {}),
      ...(review ? { reviewer: review.reviewer } : {}),
      ...(prompter ? { prompter } : {}),
      ...(prompter || suppliedComments
        ? { reviewerName: gitOutput(['config', 'user.name'], io.cwd)?.trim() || 'reviewer' }
        : {}),
    });
    for (const warning of warnings) println(io.stderr, `retrospect walk: ${warning}`);
    const record = job.finish(0, writeWalkOutputs(document, values, io));
    println(
      io.stderr,
      `retrospect walk: ${document.change_units.length} change units in ${document.retrospective_id} (job ${record.id})`,
    );
    return 0;
  } catch (error) {
    job.finish(error instanceof RetrospectError ? error.exitCode : 70, null);
    throw error;
  } finally {
    prompter?.close();
  }
}
