/**
 * A stdio server's resident memory and open file descriptors, sampled over the run (Linux /proc).
 * A steady rise (a least-squares line that fits well and climbs past a floor) is reported as a
 * probable leak with its slope; noise and a warm-up step are not.
 */
import { readdirSync } from 'node:fs';
import { readProcFile } from '../wire/proc-file.js';

export interface SoakSample {
  atS: number;
  rssMb: number;
  fds: number;
}

export interface Trend {
  /** Per minute, from a least-squares fit of the samples after the first fifth of the run. */
  slopePerMinute: number;
  /** How well the line fits (R², 0 to 1). */
  fit: number;
  growth: number;
  probableLeak: boolean;
}

export interface SoakReport {
  pid: number;
  samples: SoakSample[];
  rss: Trend;
  fds: Trend;
}

const MAX_SAMPLES = 600;
/** Fewer samples than this past warm-up judge no trend. */
export const MIN_TREND_SAMPLES = 6;

export function sampleProcess(pid: number, atS: number): SoakSample | undefined {
  const status = readProcFile(`/proc/${pid}/status`);
  const rssKb = status && /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!rssKb) return undefined;
  let fds = 0;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    // Not ours to read: the RSS trend still stands.
  }
  return { atS, rssMb: Number(rssKb) / 1024, fds };
}

/** Samples every `intervalMs` until stopped; keeps every other sample past MAX_SAMPLES (memory stays bounded). */
export function startSoak(pid: number, intervalMs: number): { stop(): SoakReport } {
  const started = performance.now();
  const samples: SoakSample[] = [];
  let every = 1;
  let taken = 0;
  const take = () => {
    const sample = sampleProcess(pid, (performance.now() - started) / 1000);
    if (!sample || taken++ % every !== 0) return;
    samples.push(sample);
    if (samples.length >= MAX_SAMPLES) {
      const kept = samples.filter((_, index) => index % 2 === 0);
      samples.splice(0, samples.length, ...kept);
      every *= 2;
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return { pid, samples, rss: trend(samples, (s) => s.rssMb, 5), fds: trend(samples, (s) => s.fds, 10) };
    },
  };
}

/** A probable leak: at least MIN_TREND_SAMPLES samples past warm-up, R² ≥ 0.8, and a rise of more than `floor`. */
export function trend(samples: SoakSample[], value: (sample: SoakSample) => number, floor: number): Trend {
  const steady = samples.slice(Math.floor(samples.length / 5));
  if (steady.length < 2) return { slopePerMinute: 0, fit: 0, growth: 0, probableLeak: false };
  const xs = steady.map((s) => s.atS / 60);
  const ys = steady.map(value);
  const n = xs.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
    sxx += (xs[i]! - meanX) ** 2;
    syy += (ys[i]! - meanY) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const fit = sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  const growth = slope * (xs[n - 1]! - xs[0]!);
  return {
    slopePerMinute: round(slope),
    fit: round(fit),
    growth: round(growth),
    probableLeak: n >= MIN_TREND_SAMPLES && slope > 0 && fit >= 0.8 && growth > floor,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
