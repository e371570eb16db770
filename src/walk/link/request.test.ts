import { describe, expect, it } from 'vitest';
import { answeredRequest, isSubstantiveRequest } from './request.js';

describe('isSubstantiveRequest', () => {
  it('tells a request from a continuation, a confirmation or a pasted link', () => {
    for (const text of [
      'continue',
      'yes',
      'Yes, go ahead.',
      'can you retry',
      'tool interrupted - can you continue',
      'ok 開始',
      '要',
      'https://jgive-assignment.onrender.com',
      'LGTM, thanks!',
      '6',
      'b)',
    ])
      expect(isSubstantiveRequest(text), text).toBe(false);
    for (const text of [
      'what about Seeds?',
      'continue with phase 4',
      'make the donation form a pop-up like https://example.org/page',
      'remove them',
    ])
      expect(isSubstantiveRequest(text), text).toBe(true);
  });
});

describe('answeredRequest', () => {
  const prompts = [
    { text: 'Add a greeting for new users, in German too' },
    { text: 'yes' },
    { text: 'Now show the snow risk' },
    { text: 'continue' },
    { text: 'https://example.org/forecast' },
  ];

  it('is the prompt before the edit when it asks for something', () => {
    expect(answeredRequest(prompts, 2)).toEqual({ text: 'Now show the snow risk', inferred: false });
  });

  it('walks back over continuations and links, and says the request is inferred', () => {
    expect(answeredRequest(prompts, 4)).toEqual({ text: 'Now show the snow risk', inferred: true });
    expect(answeredRequest(prompts, 1)).toEqual({
      text: 'Add a greeting for new users, in German too',
      inferred: true,
    });
  });

  it('is undefined when no prompt asked for anything', () => {
    expect(answeredRequest([{ text: 'go on' }], 0)).toBeUndefined();
    expect(answeredRequest(prompts, -1)).toBeUndefined();
  });
});
