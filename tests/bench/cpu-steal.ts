import { readFileSync } from 'node:fs';

/**
 * The share of the machine's CPU time its host took for other guests (the `steal` column of /proc/stat), from
 * now until the returned function is called: on a virtual machine whose host is busy, every figure of a run is
 * lower by about that share, whatever the code does. Undefined where /proc/stat is not readable.
 */
export function watchCpuSteal(): () => number | undefined {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    if (!start || !end) return undefined;
    const total = end.total - start.total;
    return total > 0 ? (end.steal - start.steal) / total : undefined;
  };
}

/** A share as "12 %", "?" where it is not known. */
export function stealPercent(share: number | undefined): string {
  return share === undefined ? '?' : `${Math.round(share * 100)} %`;
}

function cpuTimes(): { total: number; steal: number } | undefined {
  try {
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is within user)
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 8 || fields.some((x) => !Number.isFinite(x))) return undefined;
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7]! };
  } catch {
    return undefined;
  }
}
