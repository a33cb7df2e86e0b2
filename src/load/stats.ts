/**
 * What a load run measures: latency histograms (HDR, microseconds) overall and per method and
 * tool, errors by class, and a per-second series. Memory stays bounded whatever the duration:
 * histograms have a fixed size and the series is folded in halves past MAX_SERIES points.
 */
import hdr from 'hdr-histogram-js';

type Histogram = ReturnType<typeof hdr.build>;

/** Up to an hour per request, 3 significant digits: a fixed footprint of tens of kilobytes. */
function newHistogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 3 });
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  'p99.9': number;
  max: number;
  mean: number;
}

export interface KeyStats {
  requests: number;
  errors: number;
  latencyMs: LatencySummary;
}

export interface SeriesPoint {
  /** Seconds since the run started, at the start of the bucket. */
  atS: number;
  /** Width of the bucket in seconds (grows when the series is folded). */
  widthS: number;
  requests: number;
  errors: number;
  /** The highest p99 of the seconds folded into this point, in milliseconds. */
  p99Ms: number;
}

const MAX_SERIES = 600;

/** Upper edges (ms) of the histogram's bars, a 1-2-5 series; the last bar takes everything above. */
export const BAR_EDGES_MS = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000];

export interface HistogramBar {
  /** The bar holds latencies up to this many ms (above the previous edge); null: above the last edge. */
  upToMs: number | null;
  count: number;
}
/** Keys beyond this (a mix of thousands of tools) share one histogram: memory stays bounded. */
const MAX_KEYS = 200;
const OTHER_KEY = '(other)';

class Tally {
  readonly histogram = newHistogram();
  requests = 0;
  errors = 0;

  record(latencyUs: number, failed: boolean): void {
    this.histogram.recordValue(Math.max(1, Math.min(Math.round(latencyUs), 3_600_000_000)));
    this.requests++;
    if (failed) this.errors++;
  }

  summary(): KeyStats {
    return { requests: this.requests, errors: this.errors, latencyMs: summarize(this.histogram) };
  }
}

function summarize(histogram: Histogram): LatencySummary {
  const ms = (us: number) => Math.round(us) / 1000;
  if (histogram.totalCount === 0) return { p50: 0, p90: 0, p99: 0, 'p99.9': 0, max: 0, mean: 0 };
  // A percentile is its bucket's highest value, which can pass the exact maximum: never show p99 > max.
  const at = (percentile: number) => ms(Math.min(histogram.getValueAtPercentile(percentile), histogram.maxValue));
  return {
    p50: at(50),
    p90: at(90),
    p99: at(99),
    'p99.9': at(99.9),
    max: ms(histogram.maxValue),
    mean: ms(histogram.mean),
  };
}

export class LoadStats {
  private readonly all = new Tally();
  private readonly bars = new Array<number>(BAR_EDGES_MS.length + 1).fill(0);
  private readonly byKey = new Map<string, Tally>();
  readonly errorsByClass = new Map<string, number>();
  private readonly series: SeriesPoint[] = [];
  private widthS = 1;
  private second = newHistogram();
  private secondIndex = 0;
  private secondRequests = 0;
  private secondErrors = 0;

  constructor(private readonly startedAt: number) {}

  /** One finished request: its latency from when it was due (open model) or sent (closed). */
  record(key: string, latencyUs: number, errorClass: string | undefined, now = performance.now()): void {
    this.roll(now);
    const failed = errorClass !== undefined;
    this.all.record(latencyUs, failed);
    const edge = BAR_EDGES_MS.findIndex((upTo) => latencyUs <= upTo * 1000);
    this.bars[edge === -1 ? BAR_EDGES_MS.length : edge]!++;
    this.tallyOf(key).record(latencyUs, failed);
    if (failed) this.errorsByClass.set(errorClass, (this.errorsByClass.get(errorClass) ?? 0) + 1);
    this.second.recordValue(Math.max(1, Math.min(Math.round(latencyUs), 3_600_000_000)));
    this.secondRequests++;
    if (failed) this.secondErrors++;
  }

  get requests(): number {
    return this.all.requests;
  }

  get errors(): number {
    return this.all.errors;
  }

  /** The p99 so far, in milliseconds (for progress lines). */
  p99Ms(): number {
    return this.all.histogram.totalCount === 0 ? 0 : this.all.histogram.getValueAtPercentile(99) / 1000;
  }

  overall(): KeyStats {
    return this.all.summary();
  }

  /** Counts of every latency by bar, from the fastest; empty bars at both ends left out. */
  histogram(): HistogramBar[] {
    const bars = this.bars.map((count, index) => ({ upToMs: BAR_EDGES_MS[index] ?? null, count }));
    const first = bars.findIndex((bar) => bar.count > 0);
    const last = bars.findLastIndex((bar) => bar.count > 0);
    return first === -1 ? [] : bars.slice(first, last + 1);
  }

  keys(): Record<string, KeyStats> {
    return Object.fromEntries([...this.byKey].map(([key, tally]) => [key, tally.summary()]));
  }

  /** The series up to `now`, the current second included. */
  timeSeries(now = performance.now()): SeriesPoint[] {
    this.roll(now);
    const current = this.secondRequests > 0 ? [this.point()] : [];
    return [...this.series, ...current];
  }

  private tallyOf(key: string): Tally {
    let tally = this.byKey.get(key);
    if (!tally) {
      if (this.byKey.size >= MAX_KEYS) key = OTHER_KEY;
      tally = this.byKey.get(key) ?? new Tally();
      this.byKey.set(key, tally);
    }
    return tally;
  }

  /** Closes the seconds that have passed; empty seconds are points too, so a stall shows. */
  private roll(now: number): void {
    const index = Math.floor((now - this.startedAt) / 1000);
    while (this.secondIndex < index) {
      this.pushPoint(this.point());
      this.second.reset();
      this.secondRequests = 0;
      this.secondErrors = 0;
      this.secondIndex++;
    }
  }

  private point(): SeriesPoint {
    const p99Ms = this.second.totalCount === 0 ? 0 : this.second.getValueAtPercentile(99) / 1000;
    return { atS: this.secondIndex, widthS: 1, requests: this.secondRequests, errors: this.secondErrors, p99Ms };
  }

  private pushPoint(point: SeriesPoint): void {
    const last = this.series.at(-1);
    if (last && last.widthS < this.widthS) {
      last.widthS += 1;
      last.requests += point.requests;
      last.errors += point.errors;
      last.p99Ms = Math.max(last.p99Ms, point.p99Ms);
    } else {
      this.series.push({ ...point, widthS: 1 });
    }
    if (this.series.length >= MAX_SERIES) this.fold();
  }

  /** Halves the series: pairs of points become one, and later seconds join points twice as wide. */
  private fold(): void {
    const folded: SeriesPoint[] = [];
    for (let i = 0; i < this.series.length; i += 2) {
      const [a, b] = [this.series[i]!, this.series[i + 1]];
      folded.push(
        b ? { atS: a.atS, widthS: a.widthS + b.widthS, requests: a.requests + b.requests, errors: a.errors + b.errors, p99Ms: Math.max(a.p99Ms, b.p99Ms) } : a,
      );
    }
    this.series.splice(0, this.series.length, ...folded);
    this.widthS *= 2;
  }
}
