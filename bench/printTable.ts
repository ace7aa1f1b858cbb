/** One row of a benchmark table: a measured figure, and its ratio to the row named as baseline. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Extra columns (p50, p99, peak RSS ...), already formatted. */
  extra?: Record<string, string>;
}

/**
 * Prints rows measured side by side in one run, with each row's ratio to the baseline row: ratios hold
 * when the machine's speed drifts between runs, absolute figures do not. Without a baseline (rows that
 * are not rivals, such as counts per broken variant) there is no ratio column.
 */
export function printTable(title: string, rows: BenchRow[], baseline?: string): void {
  const base = rows.find((r) => r.name === baseline);
  const extraKeys = [...new Set(rows.flatMap((r) => Object.keys(r.extra ?? {})))];
  const header = ['', 'value', ...(baseline === undefined ? [] : [`ratio to ${baseline}`]), ...extraKeys];
  const body = rows.map((r) => [
    r.name,
    `${formatNumber(r.value)} ${r.unit}`,
    ...(baseline === undefined ? [] : [base && base.value !== 0 ? `${(r.value / base.value).toFixed(2)}x` : '-']),
    ...extraKeys.map((k) => r.extra?.[k] ?? ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

function formatNumber(n: number): string {
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(2);
}
