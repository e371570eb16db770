import { SessionBuilder } from '../../deepread/test-support/session-builder.js';

/**
 * A session near the gate's threshold: one correction after a success claim (one strong sign, under the
 * threshold), a refused call with the person's reason, and a turn in Portuguese.
 */
export function bandSession(sessionId = '5b1e7c2a-9d4f-4e3b-8a6c-2f0d1e9b7a35'): {
  builder: SessionBuilder;
  ids: Record<string, string>;
} {
  const s = new SessionBuilder(sessionId);
  const ids: Record<string, string> = {};
  ids.ask = s.user('Show the order dates in the customer page in local time, not UTC.');
  s.tool(
    'Read',
    { file_path: '/home/dev/shop/src/orders.ts' },
    'export function orderDate(d) { return d.toISOString(); }',
  );
  s.tool('Edit', { file_path: '/home/dev/shop/src/orders.ts', old_string: 'a', new_string: 'b' }, 'ok');
  s.tool('Bash', { command: 'npm test' }, 'FAIL orders.test.ts', { isError: true });
  ids.claim = s.say('Done: the dates are now shown in local time and all tests pass.');
  ids.next = s.user('now   the invoices page\ntoo, please');
  ids.sorry = s.say('I will push the fix for both pages.');
  ids.refusal = s.tool(
    'Bash',
    { command: 'git push --force' },
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nnão faça push, só corrija o formatador",
    { isError: true },
  ).result;
  ids.last = s.say('Understood: the formatter is fixed, nothing pushed.');
  ids.thanks = s.user('obrigado, ficou ótimo');
  return { builder: s, ids };
}
