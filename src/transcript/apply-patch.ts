/**
 * The apply_patch format (Codex's, and the one Copilot CLI and OpenCode record too): one call edits any
 * number of files. Shared by those hosts' readers, so no host folder imports another.
 *
 *     *** Begin Patch
 *     *** Add File: src/new.ts        (every line follows with `+`)
 *     *** Update File: src/app.ts
 *     *** Move to: src/main.ts        (optional, right after Update File)
 *     @@ function start               (a hunk; ` ` context, `-` removed, `+` added lines)
 *     *** Delete File: src/old.ts
 *     *** End Patch
 *
 * Paths are as the model wrote them: usually relative to the session's folder, sometimes absolute.
 */

/** One hunk of a patch: the lines it replaced and the lines it wrote (context lines in both). */
export interface PatchHunk {
  before: string;
  after: string;
}

export interface PatchedFile {
  path: string;
  op: 'add' | 'update' | 'delete';
  /** The path an update moved the file to. */
  moveTo?: string;
  hunks: PatchHunk[];
}

const BEGIN = '*** Begin Patch';
const FILE_HEADER = /^\*\*\* (Add|Update|Delete) File: (.+?)\s*$/;
const MOVE_TO = /^\*\*\* Move to: (.+?)\s*$/;

/** Whether a text carries an apply_patch body (a call's input, or a shell heredoc that pipes one). */
export function hasPatch(text: string): boolean {
  return text.includes(BEGIN);
}

/** The files an apply_patch body touches, each with its hunks. Malformed lines are skipped. */
export function parsePatch(text: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  let file: PatchedFile | undefined;
  let before: string[] = [];
  let after: string[] = [];
  const closeHunk = () => {
    if (file && (before.length > 0 || after.length > 0))
      file.hunks.push({ before: before.join('\n'), after: after.join('\n') });
    before = [];
    after = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const header = FILE_HEADER.exec(line);
    if (header) {
      closeHunk();
      const op = header[1] === 'Add' ? 'add' : header[1] === 'Update' ? 'update' : 'delete';
      file = { path: header[2]!, op, hunks: [] };
      files.push(file);
      continue;
    }
    if (!file) continue;
    const move = MOVE_TO.exec(line);
    if (move) {
      file.moveTo = move[1]!;
      continue;
    }
    if (line.startsWith('***')) {
      closeHunk(); // End Patch, End of File, or an unknown marker
      // Whatever follows the end (a heredoc's terminator, a trailing newline) belongs to no file.
      if (line.startsWith('*** End Patch')) file = undefined;
      continue;
    }
    if (line.startsWith('@@')) {
      closeHunk();
      continue;
    }
    if (file.op === 'delete') continue;
    if (line.startsWith('+')) after.push(line.slice(1));
    else if (line.startsWith('-')) before.push(line.slice(1));
    else if (line.startsWith(' ') || line === '') {
      const context = line.slice(1);
      before.push(context);
      after.push(context);
    }
  }
  closeHunk();
  return files;
}
