import { parse as parseYaml } from 'yaml';

interface FrontMatterSplit {
  /** Parsed front matter, or an empty object when there is none or it is not a mapping. */
  data: Record<string, unknown>;
  body: string;
  /** Set when a front matter block exists but is not valid YAML. */
  error?: string;
}

/** Splits a leading `---` YAML block from a Markdown document. */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(clean);
  if (!match) return { data: {}, body: clean };
  const body = clean.slice(match[0].length);
  try {
    const parsed: unknown = parseYaml(match[1] ?? '');
    const data = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    return { data: data as Record<string, unknown>, body };
  } catch (error) {
    return { data: {}, body, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The lines of a `## Heading` section (heading matched case-insensitively on its text), up to the next
 * `## ` heading; undefined when the section is absent. Deeper headings stay inside the section.
 */
export function sectionLines(body: string, heading: string): string[] | undefined {
  const lines = body.split('\n');
  const wanted = heading.toLowerCase();
  const start = lines.findIndex(
    (l) =>
      /^##\s/.test(l) &&
      l
        .replace(/^##\s+/, '')
        .trim()
        .toLowerCase() === wanted,
  );
  if (start < 0) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^##\s/.test(l));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The trimmed cells of one pipe-table line, or undefined when the line is not a table row. */
export function pipeCells(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return undefined;
  return trimmed
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** Table rows (cells trimmed) of a Markdown pipe table, header and separator rows excluded. */
export function tableRows(lines: string[]): string[][] {
  const rows = lines.flatMap((l) => {
    const cells = pipeCells(l);
    return cells ? [cells] : [];
  });
  return rows.filter((cells, index) => index > 0 && !cells.every((c) => /^:?-+:?$/.test(c)));
}

/** The header row of the first pipe table in `lines`, cells trimmed and lowercased. */
export function tableHeader(lines: string[]): string[] | undefined {
  for (const line of lines) {
    const cells = pipeCells(line);
    if (cells) return cells.map((c) => c.toLowerCase());
  }
  return undefined;
}
