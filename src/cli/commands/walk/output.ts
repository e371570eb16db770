import type { WalkDocument } from '../../../walk/document.js';
import { renderWalk } from '../../../walk/render/format.js';
import { writeOutputFile } from '../../../walk/render/output.js';
import { terminalText } from '../../../walk/render/terminal.js';
import { type CliIo, println, writeText } from '../../io.js';

export interface WalkTargets {
  json?: string | undefined;
  md?: string | undefined;
  /** End the Markdown with the complete document as fenced JSON (`--include-json`). */
  'include-json'?: boolean | undefined;
}

/**
 * Puts the walk where the user asked. A terminal gets the story: the Markdown read back as plain text
 * (no backslash escapes, no JSON), also when files were written, unless `--json -` takes stdout. Files
 * get what they are for: `--json FILE` the document, `--md FILE` the Markdown, without the JSON inside
 * unless `--include-json`. Piped stdout without `--md` gets that Markdown too. Returns what the job
 * record keeps: the JSON when it was asked for, else the Markdown.
 */
export function writeWalkOutputs(document: WalkDocument, targets: WalkTargets, io: CliIo): string {
  const markdown = renderWalk(document, 'markdown', { includeJson: targets['include-json'] === true });
  const json = `${renderWalk(document, 'json')}\n`;
  if (targets.json === '-') writeText(io.stdout, json);
  else if (targets.json) println(io.stderr, `wrote ${writeOutputFile(io.cwd, targets.json, json)}`);
  if (targets.md) println(io.stderr, `wrote ${writeOutputFile(io.cwd, targets.md, markdown)}`);
  if (targets.json !== '-') {
    if (io.stdout.isTTY) {
      const story = terminalText(renderWalk(document, 'markdown', { includeJson: false }));
      writeText(io.stdout, targets.json ? story : `${story}(the complete walk as JSON: --json FILE)\n`);
    } else if (!targets.json && !targets.md) writeText(io.stdout, markdown);
  }
  return targets.json ? json : markdown;
}
