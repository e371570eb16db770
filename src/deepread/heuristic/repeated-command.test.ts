import { describe, expect, it } from 'vitest';
import { findingsOf, patternsOf, readOffline } from '../test-support/heuristic.js';

const TS_ERROR =
  "src/api/orders.ts(41,7): error TS2322: Type 'string | undefined' is not assignable to type 'string'.";

describe('rerunning a failing command', () => {
  it('the same command failing again with nothing edited in between', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('the netstat check on the router');
      const a = s.tool(
        'Bash',
        { command: "ssh root@192.0.2.1 'netstat -tulnp | grep 5335'" },
        'Exit code 1',
        {
          isError: true,
        },
      );
      const b = s.tool(
        'Bash',
        { command: "ssh root@192.0.2.1 'netstat -tulnp | grep 5335'" },
        'Exit code 1',
        {
          isError: true,
        },
      );
      return { a, b };
    });
    expect(patternsOf(result)).toEqual(['repeated command']);
    expect(findingsOf(result)[0]!.citations).toEqual([
      { message_id: ids.a.call, excerpt: "ssh root@192.0.2.1 'netstat -tulnp | grep 5335'" },
      { message_id: ids.b.call, excerpt: "ssh root@192.0.2.1 'netstat -tulnp | grep 5335'" },
      { message_id: ids.b.result, excerpt: 'Exit code 1' },
    ]);
  });

  it('the same program with other flags and the same error is the same rerun', async () => {
    const { result } = await readOffline((s) => {
      s.user('The build is failing on CI since this morning, can you investigate?');
      s.tool('Bash', { command: 'npx tsc --noEmit' }, TS_ERROR, { isError: true });
      s.tool('Bash', { command: 'npx tsc --noEmit -p tsconfig.build.json' }, TS_ERROR, { isError: true });
    });
    expect(patternsOf(result)).toEqual(['repeated command']);
  });

  it('an applied edit, a new error, a polling loop or a new request make it a fresh attempt', async () => {
    const { result } = await readOffline((s) => {
      s.user('fix the build');
      s.tool('Bash', { command: 'npm run build' }, TS_ERROR, { isError: true });
      s.tool(
        'Edit',
        { file_path: '/app/src/api/orders.ts', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.tool('Bash', { command: 'npm run build' }, TS_ERROR, { isError: true });
      s.tool('Bash', { command: 'npm run build -- --verbose' }, 'error: cannot find module ./orders', {
        isError: true,
      });
      s.tool(
        'Bash',
        { command: 'sleep 5 && curl -sf localhost:3000/health' },
        'curl: (7) Failed to connect',
        { isError: true },
      );
      s.tool(
        'Bash',
        { command: 'sleep 5 && curl -sf localhost:3000/health' },
        'curl: (7) Failed to connect',
        { isError: true },
      );
      s.user('I installed the missing package, try again');
      s.tool('Bash', { command: 'npm run build -- --verbose' }, 'error: cannot find module ./orders', {
        isError: true,
      });
    });
    expect(patternsOf(result)).toEqual([]);
  });
});
