/** How a session that records no folder it ran in is shown where a project is (Copilot CLI's legacy logs). */
export const NO_PROJECT = '(no folder)';

/** A project key as people read it: the key itself, or NO_PROJECT for the empty key. */
export function projectLabel(project: string): string {
  return project === '' ? NO_PROJECT : project;
}
