/** The sprint after `sprintId` when it ends in a number (`sprint-7` -> `sprint-8`), else undefined. */
export function nextSprintId(sprintId: string): string | undefined {
  const match = /^(.*?)(\d+)$/.exec(sprintId);
  if (!match) return undefined;
  return `${match[1]}${Number(match[2]) + 1}`;
}
