import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readAnswerFile } from '../deepread/answer-file.js';

/** Where `retro --answers` finds each session's answer: one file for one session, or a folder of them. */
export type AnswerSource = { kind: 'file'; path: string } | { kind: 'folder'; path: string };

/** A flagged session with no answer in the answers folder: listed as not read, with how to supply one. */
export class NoAnswerError extends Error {
  constructor(
    readonly sessionId: string,
    readonly expectedPath: string,
  ) {
    super(`no answer for session ${sessionId} (expected ${expectedPath})`);
    this.name = 'NoAnswerError';
  }
}

/** The file that answers `sessionId` (the folder's `<session id>.json`), named even when it is missing. */
function answerPathFor(source: AnswerSource, sessionId: string): string {
  return source.kind === 'file' ? source.path : join(source.path, `${sessionId}.json`);
}

/**
 * The answer text for one session, or NoAnswerError when the folder has none. Session ids come from our
 * own scan; one that could leave the folder is never looked up.
 */
export function answerFor(source: AnswerSource, sessionId: string): string {
  const path = answerPathFor(source, sessionId);
  if (source.kind === 'folder') {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId) || sessionId.includes('..'))
      throw new NoAnswerError(sessionId, path);
    try {
      statSync(path);
    } catch {
      throw new NoAnswerError(sessionId, path);
    }
  }
  return readAnswerFile(path, '--answers');
}
