import type { CommitInfo } from '../evidence.js';

/** A pull or merge request as its merge commit names it. */
export interface MergedRequest {
  /** `#12` (GitHub, Bitbucket, Azure DevOps) or `!12` (GitLab); undefined for a plain branch merge. */
  number?: string;
  /** The request's title, as the merge commit's message carries it (empty when it does not). */
  title: string;
  branch?: string;
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '' && !/^See merge request /.test(line)) ?? ''
  );
}

/**
 * The pull or merge request a merge commit merged, from the messages the hosts write: GitHub's
 * "Merge pull request #12 from owner/branch" (title in the body), GitLab's "Merge branch 'x' into 'y'"
 * with "See merge request group/project!12", Bitbucket's "Merged in branch (pull request #12)" and
 * Azure DevOps' "Merged PR 12: title". Undefined for other merges.
 */
export function mergedRequest(merge: CommitInfo): MergedRequest | undefined {
  const github = /^Merge pull request #(\d+) from (\S+)/.exec(merge.subject);
  if (github) return { number: `#${github[1]}`, branch: github[2] ?? '', title: firstLine(merge.body) };
  const azure = /^Merged PR (\d+): (.+)$/.exec(merge.subject);
  if (azure) return { number: `#${azure[1]}`, title: azure[2]?.trim() ?? '' };
  const bitbucket = /^Merged in (\S+) \(pull request #(\d+)\)/.exec(merge.subject);
  if (bitbucket)
    return { number: `#${bitbucket[2]}`, branch: bitbucket[1] ?? '', title: firstLine(merge.body) };
  const gitlab = /^Merge branch '([^']+)' into '[^']+'/.exec(merge.subject);
  const request = /See merge request \S+!(\d+)/.exec(merge.body);
  if (gitlab && request)
    return { number: `!${request[1]}`, branch: gitlab[1] ?? '', title: firstLine(merge.body) };
  return undefined;
}
