import type { WalkDocument } from '../../../walk/document.js';
import { writeOutputFile } from '../../../walk/render/output.js';
import { renderMarkdown } from '../../../walk/render/render.js';
import { type CliIo, println, writeText } from '../../io.js';

/**
 * Puts the walk where the user asked: JSON to stdout (`--json -`) or a file, Markdown to a file (`--md`),
 * else Markdown to stdout. Returns what the job record keeps: the JSON when it was asked for, else the
 * Markdown.
 */
export function writeWalkOutputs(
  document: WalkDocument,
  targets: { json?: string | undefined; md?: string | undefined },
  io: CliIo,
): string {
  const markdown = renderMarkdown(document);
  const json = `${JSON.stringify(document, null, 2)}\n`;
  if (targets.json === '-') writeText(io.stdout, json);
  else if (targets.json) println(io.stderr, `wrote ${writeOutputFile(io.cwd, targets.json, json)}`);
  if (targets.md) println(io.stderr, `wrote ${writeOutputFile(io.cwd, targets.md, markdown)}`);
  if (!targets.json && !targets.md) writeText(io.stdout, markdown);
  return targets.json ? json : markdown;
}
