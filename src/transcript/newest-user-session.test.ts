import { describe, expect, it } from 'vitest';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { newestUserSession } from './newest-user-session.js';
import { ownRunMarker } from './own-run.js';

function session(prompt: string, mtime: number): { path: string; mtime: number } {
  const t = new TranscriptBuilder();
  t.user(prompt);
  t.assistant('Done.');
  return { path: t.write(), mtime };
}

const byMtime = (s: { mtime: number }) => s.mtime;

const ownPrompt = (purpose: string) =>
  `${ownRunMarker(purpose)}\nYou analyse coding-agent session transcripts.`;

describe('newestUserSession', () => {
  it("passes over newer own runs to the user's newest session, and returns them newest first", () => {
    const older = session('Fix the flaky login test', 100);
    const mine = session('Add input validation to the signup form', 200);
    const deepRead = session(ownPrompt('deep-read'), 300);
    const review = session(ownPrompt('walk-review'), 400);
    const ownBetween = session(ownPrompt('deep-read'), 150);
    expect(newestUserSession([review, older, deepRead, ownBetween, mine], byMtime)).toEqual({
      session: mine,
      ownRuns: [review, deepRead],
    });
  });

  it('keeps listing order between equal times, and is none when every session is an own run', () => {
    const first = session('first listed', 500);
    const second = session('second listed', 500);
    expect(newestUserSession([first, second], byMtime).session).toBe(first);
    const own = session(ownPrompt('deep-read'), 600);
    expect(newestUserSession([own], byMtime)).toEqual({ session: undefined, ownRuns: [own] });
    expect(newestUserSession([], byMtime)).toEqual({ session: undefined, ownRuns: [] });
  });
});
