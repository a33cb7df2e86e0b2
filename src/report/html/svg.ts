/** Inline SVG pictures (no library, no style attribute: the CSP allows only the hashed stylesheet). */

export interface Segment {
  value: number;
  /** A class of the stylesheet that fills it (e.g. `s-pass`). */
  className: string;
}

/** A horizontal bar split into segments proportional to their values; decorative (the numbers are in text beside it). */
export function stackedBar(segments: readonly Segment[], width = 240, height = 14): string {
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  let x = 0;
  const rects = segments
    .filter((s) => s.value > 0)
    .map((s) => {
      const w = total === 0 ? 0 : (s.value / total) * width;
      const rect = `<rect class="${s.className}" x="${x.toFixed(2)}" y="0" width="${w.toFixed(2)}" height="${height}"></rect>`;
      x += w;
      return rect;
    });
  return `<svg class="bar" aria-hidden="true" focusable="false" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect class="s-track" x="0" y="0" width="${width}" height="${height}"></rect>${rects.join('')}</svg>`;
}

/** A rate (0..1) as a dot on a 0–100 % axis with its interval as a line; decorative. */
export function intervalBar(rate: number, low: number, high: number, threshold?: number, width = 240, height = 16): string {
  const at = (v: number) => (Math.max(0, Math.min(1, v)) * (width - 8) + 4).toFixed(2);
  const mid = height / 2;
  const mark = threshold === undefined ? '' : `<line class="i-threshold" x1="${at(threshold)}" x2="${at(threshold)}" y1="1" y2="${height - 1}"></line>`;
  return (
    `<svg class="bar" aria-hidden="true" focusable="false" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<line class="i-axis" x1="4" x2="${width - 4}" y1="${mid}" y2="${mid}"></line>${mark}` +
    `<line class="i-range" x1="${at(low)}" x2="${at(high)}" y1="${mid}" y2="${mid}"></line>` +
    `<circle class="i-rate" cx="${at(rate)}" cy="${mid}" r="4"></circle></svg>`
  );
}

/** Vertical bars of counts (a histogram), scaled to the tallest; decorative (the counts are in a table beside it). */
export function columnChart(counts: readonly number[], width = 320, height = 80): string {
  const max = Math.max(1, ...counts);
  const step = counts.length === 0 ? 0 : width / counts.length;
  const bars = counts
    .map((count, index) => {
      const h = (count / max) * (height - 2);
      return `<rect class="s-info" x="${(index * step + 1).toFixed(2)}" y="${(height - h).toFixed(2)}" width="${Math.max(1, step - 2).toFixed(2)}" height="${h.toFixed(2)}"></rect>`;
    })
    .join('');
  return `<svg class="bar" aria-hidden="true" focusable="false" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><line class="i-axis" x1="0" x2="${width}" y1="${height}" y2="${height}"></line>${bars}</svg>`;
}

/** Lines over time, each scaled to its own maximum, in the stylesheet class given; decorative. */
export function lineChart(lines: readonly { values: readonly number[]; className: string }[], width = 320, height = 80): string {
  const paths = lines
    .map(({ values, className }) => {
      const max = Math.max(1e-9, ...values);
      const dx = values.length > 1 ? width / (values.length - 1) : 0;
      const points = values.map((value, index) => `${(index * dx).toFixed(1)},${(height - 1 - (value / max) * (height - 2)).toFixed(1)}`).join(' ');
      return `<polyline class="${className}" points="${points}"></polyline>`;
    })
    .join('');
  return `<svg class="bar" aria-hidden="true" focusable="false" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><line class="i-axis" x1="0" x2="${width}" y1="${height}" y2="${height}"></line>${paths}</svg>`;
}
