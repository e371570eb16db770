import { SIGNAL_LABELS, SIGNAL_NAMES } from '../gate/signals.js';
import { contentSecurityPolicy } from './csp.js';
import { jsonForScriptElement } from './escape.js';
import { REPORT_MARKER } from './marker.js';
import { PAGE_SCRIPT, SIGNAL_COLOURS } from './page-script.js';
import { rulesSection } from './rules-section.js';
import {
  flaggedSection,
  hostsSection,
  projectsSection,
  scopeSection,
  spendSection,
  summarySection,
  trialsSection,
  weeklySection,
} from './sections.js';
import { survivalSection } from './survival-section.js';
import type { ReportModel } from './types.js';

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; color: #222; margin: 0 auto; max-width: 1100px; padding: 1.5rem; }
h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
h2 { margin: 2rem 0 .5rem; font-size: 1.2rem; border-bottom: 1px solid #ddd; padding-bottom: .25rem; }
.scope, .note { color: #555; margin: .25rem 0; }
.cards { display: flex; gap: 1rem; flex-wrap: wrap; margin: .75rem 0; }
.card { border: 1px solid #ddd; border-radius: 6px; padding: .6rem 1rem; min-width: 8rem; }
.card .value { font-size: 1.6rem; font-weight: 600; }
.card .label { color: #555; }
.split { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: flex-start; }
.chart { position: relative; height: 320px; width: 100%; }
.chart.small { height: 200px; flex: 1 1 320px; width: auto; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid #eee; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 12px; word-break: break-all; }
.decision.keep { color: #1b7f3b; font-weight: 600; }
.decision.revert { color: #b3261e; font-weight: 600; }
.decision.defer, .decision.inconclusive { color: #666; font-weight: 600; }
details.drill ul, #rules ul { margin: .25rem 0; padding-left: 1.2rem; }
pre.excerpt { white-space: pre-wrap; word-break: break-word; font-size: 12px; margin: .15rem 0; background: #f6f6f6; padding: .25rem .4rem; max-width: 48rem; }
svg.ci { display: block; margin-top: .2rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .3rem; }
label { display: inline-block; margin: .25rem 0 .5rem; }
`;

/**
 * The whole report as one self-contained HTML page: markup built from escaped text only, the data as a JSON
 * element, Chart.js and the page script inlined, and a policy that lets nothing load from anywhere.
 */
export function renderReportHtml(model: ReportModel, chartJsSource: string): string {
  const data = jsonForScriptElement({
    ...model,
    signalNames: SIGNAL_NAMES,
    signalLabels: SIGNAL_LABELS,
    signalColours: SIGNAL_COLOURS,
  });
  // A script element's text ends at the first `</script`; the pinned build has none, and a build that did
  // would break the page silently, so refuse it here.
  if (/<\/script/i.test(chartJsSource))
    throw new Error('the Chart.js build contains </script> and cannot be inlined');
  const csp = contentSecurityPolicy([chartJsSource, PAGE_SCRIPT], [STYLE]);
  const empty =
    model.summary.sessions === 0 && model.summary.subAgentTranscripts === 0
      ? '<p class="note" id="no-sessions">No sessions in the store match this report. Run <code>retrospect scan</code> first, or widen the filters.</p>'
      : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${REPORT_MARKER}
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Retrospect friction report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Retrospect friction report</h1>
${scopeSection(model)}
${empty}
${summarySection(model)}
${hostsSection(model)}
${weeklySection(model)}
${projectsSection(model)}
${flaggedSection(model)}
${spendSection(model)}
${survivalSection(model.survival)}
${rulesSection(model.rules)}
${trialsSection(model.trials)}
<script type="application/json" id="report-data">${data}</script>
<script>${chartJsSource}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
