import { homedir, hostname, userInfo } from 'node:os';

/** Who writes rows into a shared store: each row names its machine and its user. */
export interface StoreIdentity {
  machine: string;
  user: string;
  /** The folder a stored path is relative to (the user's home): rows never hold an absolute path under it. */
  home: string;
}

/**
 * A name hashed for the store: 12 hex digits of SHA-256, stable across machines. A pseudonym, not a secret:
 * whoever can guess a name (a host naming scheme) can check the guess.
 */
export function hashName(name: string): string {
  // node:crypto loaded on first use: every scan opens a store, few hash a name, and loading it costs ~5 ms.
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 12);
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The machine's name as given (`RETROSPECT_MACHINE`, else the host name), never hashed: OTLP's resource. */
export function machineName(env: NodeJS.ProcessEnv): string {
  return env.RETROSPECT_MACHINE?.trim() || hostname();
}

/**
 * The machine and user this process writes as: `RETROSPECT_MACHINE` and `RETROSPECT_USER` when set, else
 * the host name and the OS user. `RETROSPECT_HASH_IDENTITY=1` stores both hashed (see hashName), so a
 * team can count per machine and per person without the store naming either.
 */
export function storeIdentity(env: NodeJS.ProcessEnv): StoreIdentity {
  const machine = machineName(env);
  const user = env.RETROSPECT_USER?.trim() || osUser();
  const hashed = env.RETROSPECT_HASH_IDENTITY === '1' || env.RETROSPECT_HASH_IDENTITY === 'true';
  return {
    machine: hashed ? hashName(machine) : machine,
    user: hashed ? hashName(user) : user,
    home: env.HOME?.trim() || homedir(),
  };
}
