import { defineCommand } from '../../args.js';

export const SPEC = defineCommand({
  path: 'schedule lock',
  summary: "Take or release a project's scheduled-run lock (held: exit 2)",
  details:
    "acquire prints the owner token; release is fail-open. The owner recorded is this command's caller (its\nparent process) or --pid, so a script that acquires and releases from one shell needs no token. On this host\nthe lock is held while its owner lives and free as soon as it is gone; a lock from another host is held for 2 h.",
  args: [
    { name: 'ACTION', required: true, description: 'acquire or release' },
    { name: 'MROOT', required: true, description: "the project's main checkout" },
    { name: 'TOKEN', description: 'release: the token acquire printed, when releasing from elsewhere' },
  ],
  options: {
    force: { type: 'boolean', description: 'release: remove the lock even when it is not ours' },
    pid: {
      type: 'string',
      arg: 'PID',
      description: 'acquire: the process that holds the lock (a script run through npx passes its $$)',
      default: "this command's caller",
    },
  },
  examples: [
    ['token=$(retrospect schedule lock acquire .)', 'take the lock or exit 2 when a run holds it'],
    ['retrospect schedule lock release . "$token"', 'give it back'],
  ],
  exitStatus:
    "acquire: 0 taken, 2 held, 1 error or usage error (the first helper's statuses); release: always 0",
  usageExit: 1,
});
