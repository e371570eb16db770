import { listSessionFiles, type SessionFolderQuery, sessionFolders } from './discover.js';
import type { SessionScore, SessionScoreSource } from './scores.js';

export interface TranscriptSourceOptions extends SessionFolderQuery {
  /** Sessions modified less than this many seconds ago are left out (default 60). */
  freshnessSecs?: number;
  nowMs?: number;
  /** The friction score of one transcript (the phase-1 gate; 0 when it cannot be scored). */
  scoreTranscript: (path: string) => Promise<number>;
}

/**
 * Scores read by gating the project's transcripts on disk. A transcript that Claude Code has cleaned up is
 * gone from this source; a session store that keeps scores is the source to prefer when there is one.
 */
export function transcriptScoreSource(options: TranscriptSourceOptions): SessionScoreSource {
  const folders = sessionFolders(options);
  return {
    label: `transcripts in ${folders.length} project folder(s)`,
    async scores(): Promise<SessionScore[]> {
      const files = listSessionFiles(folders, options.freshnessSecs ?? 60, options.nowMs ?? Date.now());
      const rows: SessionScore[] = [];
      for (const file of files) {
        let score = 0;
        try {
          score = await options.scoreTranscript(file.path);
        } catch {
          // An unreadable transcript scores 0, as a gate error verdict does.
        }
        rows.push({ sessionId: file.sessionId, score, mtime: file.mtime });
      }
      return rows;
    },
  };
}
