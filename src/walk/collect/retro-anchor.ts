import { closeSync, fstatSync, readSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { anchorsDir } from '../../deepread/persist.js';
import { InputError, UsageError } from '../../errors/errors.js';
import { isWithin, realPathOfMaybeMissing } from '../../fsx/index.js';
import { openRegularFd } from '../../fsx/read-regular.js';
import { findGitRoots } from '../../git/roots.js';

/** A fabrication anchor id: the first 16 hex digits of a sha1 (docs/design/session-retro.md §4). */
const ANCHOR_ID_PATTERN = /^[0-9a-f]{16}$/;

/**
 * A session id as the deep read saves it (the transcript's file name: a UUID for Claude Code) and a turn id
 * (the message's `uuid` or `messageId`, or `line:<n>` without either): one token of letters, digits, `.`,
 * `_` and `-`. Anchor files may come from a repository's committed anchors folder, so anything else (line
 * breaks, Markdown, HTML) is refused rather than carried into the walk.
 */
const ID_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const TURN_ID = /^(?:line:\d{1,12}|[A-Za-z0-9][A-Za-z0-9._-]{0,127})$/;
const ID_RULE = 'letters, digits, ., _ and - (at most 128), as a session transcript names it';

/** An anchor record is a few hundred bytes; anything far larger is not one of ours. */
const MAX_ANCHOR_BYTES = 256 * 1024;

/** The record `retrospect retro` saves per fabrication anchor (docs/design/session-retro.md §4). */
const retroAnchorSchema = z.object({
  anchor_id: z.string().regex(ANCHOR_ID_PATTERN),
  session_id: z.string().regex(ID_TOKEN, `a session id is ${ID_RULE}`),
  turn_id: z.string().regex(TURN_ID, `a turn id is line:<n> or ${ID_RULE}`),
  fabricated_claim_text: z.string().min(1),
  evidence_for_fabrication: z.string().min(1),
  source_jsonl_path: z.string().min(1),
  created_at: z.string(),
});
export type RetroAnchor = z.infer<typeof retroAnchorSchema>;

/** A loaded anchor and the record file it came from. */
export type LoadedRetroAnchor = RetroAnchor & { file: string };

function readCapped(path: string): string {
  const fd = openRegularFd(path);
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_ANCHOR_BYTES)
      throw new InputError(`${path} is ${size} bytes, too large for an anchor record`);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Loads the fabrication anchor `id` that a retro saved in `<main checkout>/.claude/retro/anchors/` of the
 * repository around `cwd`. The id and the file are untrusted: the id must be 16 hex digits, the file must
 * really lie in the anchors folder (no link out of it) and hold a well-formed record for that id, and the
 * session transcript it names must still exist.
 */
export function loadRetroAnchor(cwd: string, id: string): LoadedRetroAnchor {
  if (!ANCHOR_ID_PATTERN.test(id)) {
    throw new UsageError(
      `a fabrication anchor id is 16 hex digits, as a retro's hint prints it; got '${id}'`,
      {
        code: 'E_ANCHOR_ID_INVALID',
        fields: { id },
      },
    );
  }
  const roots = findGitRoots(cwd);
  if (!roots) {
    throw new InputError(`a walk from a retro anchor runs inside a git repository; ${cwd} is not in one`, {
      code: 'E_ANCHOR_NOT_IN_GIT',
      fields: { cwd },
    });
  }
  const dir = anchorsDir(roots.mainCheckout);
  const path = join(dir, `${id}.json`);
  const real = realPathOfMaybeMissing(path);
  // The folder itself may be a committed symlink to elsewhere: the file must stay in the project too.
  if (
    !isWithin(realPathOfMaybeMissing(dir), real) ||
    !isWithin(realPathOfMaybeMissing(roots.mainCheckout), real)
  ) {
    throw new InputError(`${path} leads out of the anchors folder ${dir}; refusing to read it`);
  }
  let text: string;
  try {
    if (!statSync(real).isFile()) throw new InputError(`${path} is not a file`);
    text = readCapped(real);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      `no fabrication anchor ${id}: ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); anchors are saved by retrospect retro`,
      { cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${path} is not valid JSON`, { cause: error });
  }
  const parsed = retroAnchorSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw new InputError(
      `${path} is not a fabrication anchor record (${problem?.path.join('.') || 'record'}: ${problem?.message})`,
    );
  }
  const anchor = parsed.data;
  if (anchor.anchor_id !== id) throw new InputError(`${path} holds anchor ${anchor.anchor_id}, not ${id}`);
  const transcript = anchor.source_jsonl_path;
  if (!isAbsolute(transcript) || !transcript.endsWith('.jsonl')) {
    throw new InputError(
      `anchor ${id} names no session transcript (an absolute .jsonl path): '${transcript}'`,
    );
  }
  let isFile = false;
  try {
    isFile = statSync(transcript).isFile();
  } catch {
    // Reported below.
  }
  if (!isFile) {
    throw new InputError(
      `the session transcript of anchor ${id} is gone: ${transcript} (Claude Code may have cleaned it up); without it the session's changes cannot be found`,
    );
  }
  return { ...anchor, file: path };
}
