import { InputError, UsageError } from '../../../errors/errors.js';
import { findGitRoots } from '../../../git/roots.js';
import { recordReader } from '../../../llm/reader-settings.js';
import { PROVIDER_NAMES } from '../../../llm/select.js';
import { type CliIo, println } from '../../io.js';

export const SAVE_READER = {
  type: 'boolean',
  description:
    "record --provider (and --model) as this project's reader in .claude/retro/settings.json: used when none is named, and the only one unattended runs use",
} as const;

/** `--save-reader`: records the named reader in the project's settings and says where. */
export function saveReaderIfAsked(
  values: { 'save-reader'?: boolean | undefined; provider?: string | undefined; model?: string | undefined },
  io: CliIo,
): void {
  if (!values['save-reader']) return;
  const provider = values.provider;
  if (provider === undefined || !(PROVIDER_NAMES as readonly string[]).includes(provider))
    throw new UsageError(
      `--save-reader records the reader named with --provider ${PROVIDER_NAMES.join('|')}`,
    );
  const roots = findGitRoots(io.cwd);
  if (!roots)
    throw new InputError(`--save-reader records the reader of a project; ${io.cwd} is in no git repository`);
  const path = recordReader(roots.mainCheckout, {
    provider: provider as (typeof PROVIDER_NAMES)[number],
    model: values.model,
  });
  println(
    io.stderr,
    `reader recorded for this project: ${provider}${values.model ? ` (${values.model})` : ''} in ${path}`,
  );
}
