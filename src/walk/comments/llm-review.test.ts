import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { createTestRepo } from '../test-support/repo.js';
import { walkChangeSet } from '../walk.js';
import { providerReviewer } from './llm-review.js';

let server: LlmTestServer;

beforeAll(async () => {
  server = await startLlmServer({ apiKey: 'sk-test-walk-0123456789' });
});

afterAll(async () => {
  await server.close();
});

describe('agent-driven comments through the deep-read providers', () => {
  it('sends the unit and its diff as data to the model and keeps only valid comments, never an approval', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'src/cart.ts': 'export const items: string[] = [];\n' });
    repo.commit('Limit the cart (#9)', {
      'src/cart.ts': 'export const items: string[] = [];\nexport const limit = 9;\n',
    });
    server.enqueue({
      text: JSON.stringify({
        comments: [
          {
            type: 'concern',
            text: 'The limit of 9 is not enforced anywhere yet.',
            file: 'src/cart.ts',
            line_start: 2,
            line_end: 2,
          },
          { type: 'approval', text: 'Ship it.' },
          { type: 'note', text: 'Look at src/other.ts too.', file: 'src/other.ts' },
          { type: 'praise', text: 'nice' },
          { type: 'suggestion', text: 'hidden\u202etext' },
        ],
      }),
    });
    const env = { OPENAI_API_KEY: 'sk-test-walk-0123456789' };
    const log: string[] = [];
    const { reviewer, notice } = providerReviewer({
      provider: 'openai',
      baseUrl: server.openAiBaseUrl,
      model: 'test-model',
      env,
      log: (l) => log.push(l),
    });
    expect(notice).toBeUndefined();
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'agent-driven',
      cwd: repo.dir,
      env,
      sessionDirs: [],
      reviewer,
    });

    expect(document.comments.map((c) => [c.type, c.text, c.location])).toEqual([
      [
        'concern',
        'The limit of 9 is not enforced anywhere yet.',
        { file: 'src/cart.ts', line_start: 2, line_end: 2 },
      ],
      ['note', 'Ship it.', undefined],
    ]);
    expect(document.comments[0]?.author).toEqual({
      author_type: 'model',
      identifier: 'test-model',
      model_key: 'test-model',
    });
    expect(document.comments[1]?.metadata).toMatchObject({ 'retrospect.proposed_type': 'approval' });
    expect(log).toEqual([
      'cu_001: dropped a reviewer comment: file src/other.ts is not part of cu_001',
      expect.stringMatching(/^cu_001: dropped a reviewer comment: malformed comment/),
      'cu_001: dropped a reviewer comment: control, zero-width or bidi characters in the text',
    ]);
    const request = server.requests[0]?.body as { messages: { role: string; content: string }[] };
    const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toMatch(
      /<<<DIFF DATA [0-9a-f]{12}\n[\s\S]*\+export const limit = 9;[\s\S]*\nDIFF DATA [0-9a-f]{12}>>>/,
    );
    expect(user).toContain('Unit cu_001: Limit the cart (#9)');
  });

  it('falls back to the offline heuristic with a notice when no provider is configured', () => {
    const { reviewer, notice } = providerReviewer({ env: {} });
    expect(reviewer.identifier).toBe('retrospect-heuristic');
    expect(reviewer.mayWrite).toBe(false);
    expect(notice).toMatch(/no LLM provider configured/);
  });
});
