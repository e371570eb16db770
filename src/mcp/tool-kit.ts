import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InputError, RetrospectError } from '../errors/errors.js';
import { systemErrorLine } from '../errors/system-errors.js';
import { VERSION } from '../version.js';
import { mcpMessage } from './error-words.js';

/** What every tool needs from the process that serves it; tools never reach for process globals. */
export interface ToolContext {
  env: NodeJS.ProcessEnv;
  /** The folder the server was started in: the default project, and the base of relative paths. */
  cwd: string;
  /** One line of diagnostics (stderr: under MCP stdio, stdout carries only the protocol). */
  log: (line: string) => void;
}

/** A successful result: each text is one content block, the first one the tool's data. */
export function textResult(...texts: string[]): CallToolResult {
  return { content: texts.map((text) => ({ type: 'text' as const, text })) };
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * The tools' error boundary, as main.ts is the CLI's: a known error becomes an error result with its
 * message, an unknown one an error result that asks for a report, and the server keeps serving.
 */
export function guarded<A>(
  tool: string,
  context: ToolContext,
  handler: (args: A) => Promise<CallToolResult> | CallToolResult,
): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof RetrospectError) return errorResult(`${tool}: ${mcpMessage(error)}`);
      const system = systemErrorLine(error);
      if (system !== undefined) return errorResult(`${tool}: ${system}`);
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      context.log(`retrospect mcp: ${tool}: unexpected error:\n${detail}`);
      const message = error instanceof Error ? error.message : String(error);
      return errorResult(
        `${tool}: unexpected error (please report it with retrospect ${VERSION}): ${message}`,
      );
    }
  };
}

export type PathKind = 'file' | 'folder' | 'file or folder';

/**
 * A path from a tool call, which is untrusted: resolved against the server's folder, and required to
 * exist as the kind asked for. Throws an InputError that names the input and what it expects.
 */
export function existingPath(given: string, context: ToolContext, kind: PathKind, input: string): string {
  const path = resolve(context.cwd, given);
  let isFile: boolean;
  try {
    const stat = statSync(path);
    if (!stat.isFile() && !stat.isDirectory()) throw new Error('neither file nor folder');
    isFile = stat.isFile();
  } catch {
    throw new InputError(`${input}: no such ${kind}: ${given}`);
  }
  if (kind === 'file' && !isFile) throw new InputError(`${input}: expected a file, got the folder ${given}`);
  if (kind === 'folder' && isFile) throw new InputError(`${input}: expected a folder, got the file ${given}`);
  return path;
}
