/**
 * A parameter a CLI command and an MCP tool both take (scan and `scan_sessions`, sprint report and
 * `sprint_report`), described once: the CLI's help line and the MCP input's description are made from the
 * same words. Imports nothing, so the option tables that read it load nothing more.
 */
export interface SharedParameter {
  /** The CLI's name: a long option without its dashes, or a positional argument (`DIR`). */
  cli: string;
  /** The MCP input's field. */
  mcp: string;
  /** The value: a flag, a text, a number, or a list of texts. */
  kind: 'flag' | 'text' | 'number' | 'list';
  /** What it does, as the CLI's help says it (lower case, no full stop). */
  description: string;
  /** What holds without it, in both front ends' words. */
  default?: string;
  /** Words only the CLI's help adds (its syntax), after the description. */
  cliNote?: string;
  /** Words only the MCP input adds (a rule of the server's), after the description. */
  mcpNote?: string;
}

/** The CLI's help line of a parameter (its default is shown by the help, from `default`). */
export function cliDescription(parameter: SharedParameter): string {
  return parameter.description + (parameter.cliNote ?? '');
}

/** The MCP input's description: the same words, as a sentence, with the default said inside. */
export function mcpDescription(parameter: SharedParameter): string {
  const text = parameter.description + (parameter.mcpNote ?? '');
  const withDefault = parameter.default === undefined ? text : `${text} (default: ${parameter.default})`;
  return withDefault.charAt(0).toUpperCase() + withDefault.slice(1);
}
