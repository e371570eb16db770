import { describe, expect, it } from 'vitest';
import { findingsOf, patternsOf, readOffline } from '../test-support/heuristic.js';

describe('claims of success', () => {
  it('"Fixed!" answered with "still broken": check the fix the way the user sees it', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('the launcher shortcut will not start the app as admin, please fix');
      s.tool(
        'Write',
        { file_path: '/home/m/.local/bin/launch-admin', content: '#!/bin/sh' },
        'File created successfully',
      );
      const claim = s.say('Fixed! The launcher now goes through a wrapper that keeps the display variables.');
      const reply = s.user('still broken... the key blinks, I touch it, but no window appears');
      return { claim, reply };
    });
    expect(patternsOf(result)).toEqual(['unverified fix']);
    expect(findingsOf(result)[0]!.citations).toEqual([
      { message_id: ids.claim, excerpt: 'Fixed!' },
      { message_id: ids.reply, excerpt: 'still broken... the key blinks, I touch it, but no window appears' },
    ]);
  });

  it('"all tests pass" with no test run, then "did you run them?"', async () => {
    const { result } = await readOffline((s) => {
      s.user('add a case for a 15% discount');
      s.tool(
        'Edit',
        { file_path: '/shop/src/cart.test.ts', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.say('Added the case. All tests pass.');
      s.user('did you run them?');
    });
    expect(patternsOf(result)).toEqual(['unverified success']);
  });

  it('a claim while the latest test run failed is contradicted', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('harden the redaction');
      s.tool(
        'Edit',
        { file_path: '/logs/redact.py', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      const run = s.tool(
        'Bash',
        { command: 'python -m pytest tests/ -v' },
        'Exit code 1\ntests/test_redaction.py::test_github_token FAILED [  5%]\n4 failed, 31 passed',
        { isError: true },
      );
      const claim = s.say('Great! 31 tests passed. Let me write the README now.');
      return { run, claim };
    });
    expect(patternsOf(result)).toEqual(['contradicted success']);
    expect(findingsOf(result)[0]!.citations).toEqual([
      { message_id: ids.claim, excerpt: '31 tests passed.' },
      { message_id: ids.run.result, excerpt: 'tests/test_redaction.py::test_github_token FAILED [  5%]' },
    ]);
  });

  it('a build claim that was checked stands when the user then dislikes the result', async () => {
    const { result } = await readOffline((s) => {
      s.user('move the login page over from the template');
      s.tool(
        'Write',
        { file_path: 'c:\\site\\src\\pages\\Login.tsx', content: 'x' },
        'File created successfully',
      );
      s.tool('Bash', { command: 'pnpm build' }, 'vite v5.4.0 building for production...\n✓ built in 4.12s');
      s.say('构建成功！');
      s.user('不是我想要的效果，你把模板里那个login整体迁移过来');
    });
    expect(patternsOf(result)).not.toContain('unverified success');
  });

  it('checked claims, plain "Done.", hedges and a single unchecked claim stay quiet', async () => {
    const { result } = await readOffline((s) => {
      s.user('round the total once at the end');
      s.tool(
        'Edit',
        { file_path: '/shop/src/cart.ts', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.tool('Bash', { command: 'npm test -- cart' }, 'PASS src/cart.test.ts\nTests: 12 passed');
      s.say('The cart tests pass.');
      s.user('now the footer spacing');
      s.tool(
        'Edit',
        { file_path: '/shop/src/footer.css', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.say('Done. It should work once you restart the dev server.');
      s.user('thanks');
      s.tool(
        'Edit',
        { file_path: '/shop/src/header.css', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.say('The header is fixed.');
    });
    expect(patternsOf(result)).toEqual([]);
  });

  it('unchecked claims twice in a session', async () => {
    const { result } = await readOffline((s) => {
      s.user('fix the capybara port');
      s.tool(
        'Edit',
        { file_path: '/api/spec/support/capybara.rb', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.say('The test file is now fixed.');
      s.user('and the system tests?');
      s.tool(
        'Edit',
        { file_path: '/api/spec/rails_helper.rb', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.say('The configuration should now work for all system tests!');
    });
    expect(patternsOf(result)).toEqual(['unverified success']);
    // Offline, a recognised pattern is an observation, never a rule by itself.
    expect(result.proposals).toEqual([]);
  });
});
