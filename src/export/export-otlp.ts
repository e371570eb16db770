import type { OtlpExportOptions, OtlpExportSummary } from './otlp.js';

/**
 * Sends friction metrics and trial decisions to an OpenTelemetry collector (see otlp.ts). The SDK is loaded
 * on the first call, so that importing the library does not load it.
 */
export async function exportOtlp(options: OtlpExportOptions): Promise<OtlpExportSummary> {
  const otlp = await import('./otlp.js');
  return otlp.exportOtlp(options);
}
