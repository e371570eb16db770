import type { WalkDocument } from '../document.js';
import { type RenderOptions, renderMarkdown } from './render.js';

/** The forms a walk is given in: its Markdown layout (docs/design/walk.md) or the document as JSON. */
export const WALK_FORMATS = ['markdown', 'json'] as const;
export type WalkFormat = (typeof WALK_FORMATS)[number];

/**
 * The walk in one of its forms, for every front end (the CLI's outputs, the MCP server's `walk`): JSON is
 * the document indented by two spaces, with no newline at the end; Markdown is renderMarkdown's.
 */
export function renderWalk(document: WalkDocument, format: WalkFormat, options: RenderOptions = {}): string {
  return format === 'json' ? JSON.stringify(document, null, 2) : renderMarkdown(document, options);
}
