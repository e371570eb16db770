import { join } from 'node:path';
import { writeFileAtomic } from '../fsx/atomic.js';
import { renderExperimentHtml } from './report-html.js';
import { type ExperimentReport, experimentReport } from './report-json.js';
import { renderExperimentMarkdown } from './report-markdown.js';
import type { ExperimentState } from './state.js';

/** The report files an experiment leaves in its output folder, beside its runs. */
export const REPORT_FILES = { json: 'report.json', markdown: 'report.md', html: 'report.html' } as const;

/** Writes report.json, report.md and report.html (each temp + rename) and returns the report. */
export function writeExperimentReports(state: ExperimentState, outDir: string): ExperimentReport {
  const report = experimentReport(state, outDir);
  writeFileAtomic(join(outDir, REPORT_FILES.json), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(outDir, REPORT_FILES.markdown), renderExperimentMarkdown(report));
  writeFileAtomic(join(outDir, REPORT_FILES.html), renderExperimentHtml(report));
  return report;
}
