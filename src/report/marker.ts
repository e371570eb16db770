/**
 * The element every report page carries near its top. `report --out` replaces an existing file only when it
 * finds this in the file's first bytes: a page this command wrote, not someone's own page that happens to
 * share the name.
 */
export const REPORT_MARKER = '<meta name="generator" content="retrospect report">';

/** How far into an existing file the marker is looked for (it sits in the first 200 bytes of a report). */
export const MARKER_WINDOW_BYTES = 4096;

/** Whether the start of a file is that of a page `report` wrote. */
export function isOwnReport(head: string): boolean {
  return head.includes(REPORT_MARKER);
}
