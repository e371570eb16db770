import type { SignalName } from '../gate/signals.js';

/** Each signal's colour in the report's charts (every signal has one: the type demands it). */
export const SIGNAL_COLOURS: Record<SignalName, string> = {
  S1: '#d1495b',
  S2: '#edae49',
  S3: '#00798c',
  S4: '#30638e',
  S5: '#8d6a9f',
};

/**
 * The report's own script, run in the browser after Chart.js: it reads the embedded JSON data and draws
 * the charts. Text from the data only ever reaches the page through Chart.js (drawn on a canvas) or
 * `textContent`, never as markup. Plain ES2017 so that any current browser runs it as written.
 */
export const PAGE_SCRIPT = `(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  // The gate's signals, their labels and colours come with the data (SIGNAL_NAMES and SIGNAL_COLOURS).
  var SIGNALS = data.signalNames;
  var COLOURS = data.signalColours;
  var MAX_PROJECTS = 12;
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;

  function canvas(id) {
    return document.getElementById(id);
  }

  var totals = canvas('chart-signal-totals');
  if (totals) {
    new Chart(totals, {
      type: 'bar',
      data: {
        labels: SIGNALS.map(function (s) { return s + ' ' + data.signalLabels[s]; }),
        datasets: [{
          label: 'count',
          data: SIGNALS.map(function (s) { return data.summary.signals[s]; }),
          backgroundColor: SIGNALS.map(function (s) { return COLOURS[s]; })
        }]
      },
      options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }
    });
  }

  var weekly = canvas('chart-weekly');
  var weeklyChart;
  function weeklyDatasets(series) {
    return [
      { type: 'bar', label: 'sessions', data: series.sessions, backgroundColor: '#9fb7c9', yAxisID: 'count', grouped: false, order: 2 },
      { type: 'bar', label: 'flagged', data: series.flagged, backgroundColor: '#d1495b', yAxisID: 'count', grouped: false, order: 1 },
      { type: 'line', label: 'mean score', data: series.meanScore, borderColor: '#222', backgroundColor: '#222', yAxisID: 'score', spanGaps: false, order: 0 }
    ];
  }
  if (weekly) {
    weeklyChart = new Chart(weekly, {
      data: { labels: data.weekly.weeks, datasets: weeklyDatasets(data.weekly.series[0]) },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          count: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'sessions' } },
          score: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'mean score' } }
        }
      }
    });
    var picker = document.getElementById('weekly-project');
    if (picker) {
      picker.addEventListener('change', function () {
        var series = data.weekly.series[Number(picker.value)];
        if (!series) return;
        weeklyChart.data.datasets = weeklyDatasets(series);
        weeklyChart.update();
      });
    }
  }

  var mix = canvas('chart-signal-mix');
  if (mix) {
    var shown = data.projects.slice(0, MAX_PROJECTS);
    new Chart(mix, {
      type: 'bar',
      data: {
        labels: shown.map(function (p) { return p.project; }),
        datasets: SIGNALS.map(function (s) {
          return { label: s + ' ' + data.signalLabels[s], data: shown.map(function (p) { return p.signals[s]; }), backgroundColor: COLOURS[s] };
        })
      },
      options: { indexAxis: 'y', scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } } }
    });
  }
})();
`;
