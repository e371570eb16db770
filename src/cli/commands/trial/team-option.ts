import { UsageError } from '../../../errors/errors.js';
import type { StoreLocation } from '../../../store/location.js';
import { storeLocationFor } from '../../../store/path.js';
import { resolveStoreSettings } from '../../../store/settings.js';
import { STORE } from '../../common-options.js';

/** `--store` and `--team`, shared by `trial review` and `trial list`. */
export const TEAM_OPTIONS = {
  store: STORE,
  team: {
    type: 'boolean',
    description: "with a shared postgres:// store: pool every machine's sessions of this repository",
  },
} as const;

/** The store a review scores from, and whether it pools the team's sessions (which needs a shared store). */
export function teamStore(
  values: { store?: string | undefined; team?: boolean | undefined },
  env: NodeJS.ProcessEnv,
): { store: StoreLocation; team: boolean } {
  const store = storeLocationFor(values.store, false, resolveStoreSettings(env));
  if (values.team === true && store.kind !== 'postgres')
    throw new UsageError('--team pools a shared store: give --store postgres://… (or set RETROSPECT_STORE)');
  return { store, team: values.team === true };
}
