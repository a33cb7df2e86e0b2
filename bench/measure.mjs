// Runs a command several times, cold (a new process each time), and reports wall time and peak RSS.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';

/** Wall time in ms and peak RSS in KiB (when /usr/bin/time exists) of one run. */
export function runOnce(command, args) {
  const useTime = existsSync(GNU_TIME);
  const started = process.hrtime.bigint();
  const result = useTime
    ? spawnSync(GNU_TIME, ['-f', 'MCPVET_RSS_KB=%M', command, ...args], { encoding: 'utf8', timeout: 60_000 })
    : spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  const rss = /MCPVET_RSS_KB=(\d+)/.exec(result.stderr ?? '');
  return { ms, rssKb: rss ? Number(rss[1]) : undefined };
}

export function measure(label, command, args, runs) {
  runOnce(command, args); // warm the file-system cache; not counted
  const samples = Array.from({ length: runs }, () => runOnce(command, args));
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const rss = samples.map((s) => s.rssKb).filter((v) => v !== undefined);
  const median = times[Math.floor(times.length / 2)];
  return {
    label,
    runs,
    medianMs: Math.round(median),
    minMs: Math.round(times[0]),
    maxMs: Math.round(times[times.length - 1]),
    peakRssMb: rss.length ? Math.round(Math.max(...rss) / 1024) : undefined,
  };
}

export function print(rows) {
  for (const row of rows) {
    const rss = row.peakRssMb === undefined ? '' : `, peak RSS ${row.peakRssMb} MB`;
    console.log(`${row.label}: median ${row.medianMs} ms (min ${row.minMs}, max ${row.maxMs}, ${row.runs} runs${rss})`);
  }
}
