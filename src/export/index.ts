export { exportOtlp } from './export-otlp.js';
export type { OtlpExportOptions, OtlpExportSummary } from './otlp.js';
export { ruleTextHash } from './rule-hash.js';
