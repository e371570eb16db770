import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicProvider } from '../../llm/anthropic.js';
import { openAiProvider } from '../../llm/openai.js';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { DEMO_PROJECT } from '../../test-support/sprint.js';
import {
  ACTION_DRAFT,
  IMPROVE_DRAFT,
  MODEL_ANSWER,
  WENT_WELL_DRAFT,
} from '../../test-support/sprint-drafts.js';
import { buildSprintReport } from '../facts/report.js';
import { requestRetroDrafts, unsafeDraftReason } from './drafts.js';

const NOW = '2026-11-28T15:30:00Z';

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: 'sk-test-retro' });
});
afterAll(async () => {
  await server.close();
});

describe('unsafeDraftReason', () => {
  it('keeps plain prose and names why anything else is dropped', () => {
    expect(
      unsafeDraftReason('Split stories over 5 points before planning; pair on reviews.'),
    ).toBeUndefined();
    expect(unsafeDraftReason('')).toBe('empty');
    expect(unsafeDraftReason('a'.repeat(201))).toBe('longer than 200 characters');
    expect(unsafeDraftReason('line one\nline two')).toBe('control or invisible characters');
    expect(unsafeDraftReason('zero\u200bwidth')).toBe('control or invisible characters');
    expect(unsafeDraftReason('run `npm test` first')).toBe('backticks');
    expect(unsafeDraftReason('see www.example.test')).toBe('a URL');
    expect(unsafeDraftReason('echo $(cat .env)')).toBe('shell-looking text');
    expect(unsafeDraftReason('$ npm publish')).toBe('shell-looking text');
    expect(unsafeDraftReason('sudo -s then fix it')).toBe('shell-looking text');
  });
});

describe('requestRetroDrafts', () => {
  const report = buildSprintReport(DEMO_PROJECT, undefined, new Date(NOW));
  const retry = { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 100 };

  it('turns a refused key or an answer of the wrong shape into one warning and no drafts', async () => {
    const warnings: string[] = [];
    const refused = openAiProvider({ baseUrl: server.openAiBaseUrl, apiKey: 'sk-wrong', model: 'm', retry });
    expect(await requestRetroDrafts(refused, report, (l) => warnings.push(l))).toBeUndefined();
    server.enqueue({ text: '{"went_well": "everything", "could_improve": [], "action_items": []}' });
    const port = anthropicProvider({
      baseUrl: server.anthropicBaseUrl,
      apiKey: 'sk-test-retro',
      model: 'm',
      retry,
    });
    expect(await requestRetroDrafts(port, report, (l) => warnings.push(l))).toBeUndefined();
    expect(warnings).toEqual([
      expect.stringMatching(/^warning: no drafts from openai\/m \(.*\); continuing without$/),
      expect.stringMatching(/^warning: anthropic\/m gave no usable drafts \(schema-mismatch: .*went_well/),
    ]);
  });

  it('keeps the usable drafts, trimmed, and names every dropped one', async () => {
    server.enqueue({ text: `\`\`\`json\n${MODEL_ANSWER}\n\`\`\`` });
    const port = openAiProvider({
      baseUrl: server.openAiBaseUrl,
      apiKey: 'sk-test-retro',
      model: 'm',
      retry,
    });
    const drafts = await requestRetroDrafts(port, report, () => {});
    expect(drafts).toMatchObject({
      source: 'openai/m',
      wentWell: [WENT_WELL_DRAFT],
      couldImprove: [IMPROVE_DRAFT],
      actionItems: [{ text: ACTION_DRAFT, owner: 'Scrum Master', classification: 'process' }],
    });
    expect(drafts?.dropped).toHaveLength(9);
  });
});
