// The home page's chart: succeeded volume per day as SVG bars drawn from the summary's days, with
// its labels in HTML (so they stay readable on a 360 px phone, where an SVG's text would shrink)
// and the same figures in a table a screen reader can read (on a phone its rows stack into labelled
// lines, as every table's do). No library, no inline style: the bars' geometry is SVG attributes,
// their colour comes from dashboard.css.
import { h, uniqueId } from '../shared/dom.js';
import { formatKobo } from '../shared/money.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The drawing's own units: bars are this tall at most; the SVG is stretched to its box by CSS. */
const HEIGHT = 100;
/** Each day's slot is this wide, the bar a little narrower (a gap between days). */
const SLOT = 10;
const BAR = 8;

/** The table's columns; each cell is labelled with its own on a phone, where the rows stack. */
const COLUMNS = ['Day', 'Volume', 'Payments', 'Fees', 'Refunded', 'Net'];

/** One day of a report summary (retrieveReportSummary's `days`). @typedef {import('../shared/words.js').Schemas['ReportDay']} Day */

/**
 * "2026-11-27" -> "27 Nov" (the day as the summary counted it, in the merchant's time zone).
 * @param {string} date
 */
export function shortDate(date) {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {...Node} children
 */
function svgEl(name, attributes, ...children) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

/**
 * The bars' height for `volume` out of `max`, in drawing units, in whole numbers computed from the
 * kobo themselves (BigInt): a day with any volume gets at least 1 so that it shows.
 * @param {bigint} volume
 * @param {bigint} max
 */
function barHeight(volume, max) {
  if (volume <= 0n || max <= 0n) return 0;
  return Math.max(1, Number((volume * BigInt(HEIGHT)) / max));
}

/**
 * A chart of succeeded volume per day, and its table.
 * @param {Day[]} days oldest first, one per day
 * @param {{ title: string }} options
 */
export function volumeChart(days, { title }) {
  const volumes = days.map((day) => BigInt(day.volume));
  const max = volumes.reduce((a, b) => (b > a ? b : a), 0n);
  const width = days.length * SLOT;
  const bars = days.map((day, i) => {
    const height = barHeight(volumes[i] ?? 0n, max);
    const said = `${shortDate(day.date)}: ${formatKobo(day.volume)} from ${day.count} payment${day.count === 1 ? '' : 's'}`;
    return svgEl(
      'rect',
      { class: height === 0 ? 'chart-bar chart-bar-empty' : 'chart-bar', x: i * SLOT + (SLOT - BAR) / 2, y: HEIGHT - Math.max(height, 1), width: BAR, height: Math.max(height, 1) },
      svgEl('title', {}, document.createTextNode(said)),
    );
  });
  const svg = svgEl('svg', { class: 'chart-bars', viewBox: `0 0 ${width} ${HEIGHT}`, preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' }, ...bars);
  const first = days[0];
  const middle = days[Math.floor(days.length / 2)];
  const last = days[days.length - 1];
  const titleId = uniqueId('chart-title');
  return h(
    'figure',
    { class: 'chart', 'aria-labelledby': titleId },
    h('figcaption', { class: 'chart-title', id: titleId }, title),
    h(
      'div',
      { class: 'chart-plot' },
      h('p', { class: 'chart-max' }, max === 0n ? 'No payments yet' : `Highest day: ${formatKobo(max)}`),
      svg,
      first === undefined || last === undefined || middle === undefined
        ? null
        : h('p', { class: 'chart-axis', 'aria-hidden': 'true' }, h('span', {}, shortDate(first.date)), h('span', {}, shortDate(middle.date)), h('span', {}, shortDate(last.date))),
    ),
    h(
      'details',
      { class: 'chart-table' },
      h('summary', {}, 'Show these figures as a table'),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'table' },
          h('caption', { class: 'visually-hidden' }, `${title}, newest day first`),
          h('thead', {}, h('tr', {}, COLUMNS.map((label, i) => h('th', { scope: 'col', class: i === 0 ? undefined : 'num' }, label)))),
          h(
            'tbody',
            {},
            [...days].reverse().map((day) =>
              h(
                'tr',
                {},
                h('th', { scope: 'row', 'data-label': COLUMNS[0] }, shortDate(day.date)),
                [formatKobo(day.volume), String(day.count), formatKobo(day.fees), formatKobo(day.refunded), formatKobo(day.net)].map((text, i) =>
                  h('td', { class: 'num', 'data-label': COLUMNS[i + 1] }, text),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
