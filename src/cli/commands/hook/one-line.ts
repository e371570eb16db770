/** An error as one stderr line: a hook's problems must not spill over several lines of the agent's log. */
export const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
