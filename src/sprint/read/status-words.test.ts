import { describe, expect, it } from 'vitest';
import { carriesOver, normaliseStatusWord, reachedReview, storyState } from './status-words.js';

describe('status words', () => {
  it.each([
    ['done', 'done'],
    ['complete', 'done'],
    ['Completed ✅', 'done'],
    ['deployed', 'done'],
    ['in-progress', 'in_progress'],
    ['in_progress', 'in_progress'],
    ['In progress', 'in_progress'],
    ['InProgress', 'in_progress'],
    ['review', 'in_progress'],
    ['code-review', 'in_progress'],
    ['backlog', 'not_started'],
    ['drafted', 'not_started'],
    ['contexted', 'not_started'],
    ['ready', 'not_started'],
    ['ready-for-dev', 'not_started'],
    ['pending', 'not_started'],
    ['blocked', 'blocked'],
    ['failed', 'failed'],
    ['wont-do', 'dropped'],
    ["won't do", 'dropped'],
    ['split', 'dropped'],
    ['absorbed', 'dropped'],
    ['cancelled', 'dropped'],
    ['skipped', 'dropped'],
    ['moved-to-12.8', 'dropped'],
    ['DONE (2026-02-24)', 'done'],
  ])('%s -> %s', (word, state) => {
    expect(storyState(word)).toBe(state);
  });

  it('reports words it does not know as unknown, never as not done', () => {
    expect(storyState('sparkling')).toBe('unknown');
    expect(storyState(undefined)).toBe('unknown');
    expect(normaliseStatusWord(' Ready For_Dev ')).toBe('ready-for-dev');
  });

  it('knows which states reached a reviewer and which carry over', () => {
    expect(reachedReview('in_progress', 'code-review')).toBe(true);
    expect(reachedReview('in_progress', 'in-progress')).toBe(false);
    expect(reachedReview('done', 'complete')).toBe(true);
    expect(carriesOver('dropped')).toBe(false);
    expect(carriesOver('failed')).toBe(true);
  });
});
