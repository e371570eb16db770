/** Requests (separate human turns) in which one file must be edited before it counts as S3. */
export const S3_MIN_REQUESTS = 3;

/**
 * Files whose revision across requests says nothing about rework:
 * - what the agent keeps for itself under a `.claude` folder (plans, memory, settings), rewritten on every
 *   step of plan mode or a memory update;
 * - prose documents (design notes, READMEs, plans: `.md`, `.mdx`, `.markdown`, `.rst`, `.adoc`),
 *   which a person drafts with the agent over several requests by design ("now add the API section").
 *   Code edited again in a third request is what shows the work had to be redone.
 */
function isExemptFromS3(path: string): boolean {
  return /(?:^|[\\/])\.claude[\\/]/u.test(path) || /\.(?:md|mdx|markdown|rst|adoc)$/iu.test(path);
}

/** The requests in which each file was edited: the first edit of a file in a new request may make it S3. */
export class FileRequests {
  private readonly files = new Map<string, { lastRequest: number; requests: number; exempt: boolean }>();

  /** Records an edit of `path` in request `request`; true when this edit makes the file S3. */
  edited(path: string, request: number): boolean {
    let file = this.files.get(path);
    if (!file) {
      file = { lastRequest: -1, requests: 0, exempt: isExemptFromS3(path) };
      this.files.set(path, file);
    }
    // Requests only move forward, so a file's distinct requests are its changes of request.
    if (file.exempt || file.lastRequest === request) return false;
    file.lastRequest = request;
    file.requests += 1;
    return file.requests === S3_MIN_REQUESTS;
  }

  /** Whether `path`, already passed to `edited`, is one whose revision says nothing (see isExemptFromS3). */
  exempt(path: string): boolean {
    return this.files.get(path)?.exempt ?? isExemptFromS3(path);
  }
}
