// The bench's closing table (issue 66): every figure a part measured, beside its target, a figure past
// its target marked. Each part records its figures as it prints its own line; run.mjs prints the table
// once every part has run, with how long each took.

/** @type {{ part: string, name: string, value: number, unit: string, atMost?: number, atLeast?: number, note?: string }[]} */
const figures = [];
/** @type {{ part: string, seconds: number, failed?: string }[]} */
const parts = [];

/**
 * Records a figure: `atMost` or `atLeast` is its target (none: shown for what it is). `note` says what
 * else the reader needs (its spread, the size it ran at).
 */
export function figure(part, name, value, { unit = '', atMost, atLeast, note } = {}) {
  figures.push({ part, name, value, unit, atMost, atLeast, note });
}

/** Runs one part of the bench, timing it; a part that fails is reported and the others still run. */
export async function part(name, run) {
  const started = performance.now();
  try {
    await run();
    parts.push({ part: name, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    parts.push({ part: name, seconds: (performance.now() - started) / 1000, failed: String(error) });
    console.log(
      `${name}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

const met = (f) =>
  (f.atMost === undefined || f.value <= f.atMost) && (f.atLeast === undefined || f.value >= f.atLeast);
const shown = (value, unit) =>
  `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}${unit}`;

/** The table of every figure and part; answers how many figures missed their target or parts failed. */
export function printTable(totalSeconds) {
  const rows = figures.map((f) => {
    const target =
      f.atMost !== undefined
        ? `≤ ${shown(f.atMost, f.unit)}`
        : f.atLeast !== undefined
          ? `≥ ${shown(f.atLeast, f.unit)}`
          : '';
    return [met(f) ? ' ' : '✗', f.part, f.name, shown(f.value, f.unit), target, f.note ?? ''];
  });
  const header = ['', 'part', 'figure', 'now', 'target', 'measured'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  const missed = figures.filter((f) => !met(f)).length;
  const failed = parts.filter((p) => p.failed).length;
  console.log(
    `\n${parts.map((p) => `${p.part} ${p.seconds.toFixed(0)} s${p.failed ? ' (FAILED)' : ''}`).join(', ')}; ` +
      `all in ${(totalSeconds / 60).toFixed(1)} min. ${figures.length - missed} of ${figures.length} figures met their targets` +
      `${missed ? ` (${missed} marked ✗)` : ''}${failed ? `; ${failed} parts failed` : ''}.`,
  );
  return missed + failed;
}
