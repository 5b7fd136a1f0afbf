import { writeFileSync } from 'node:fs';

/**
 * One line of a benchmark's result. `ratio` is always "bigger is better": throughput app/floor, or time floor/app.
 * A result with `budget` set passes when ratio ≥ budget; without one it is reported only (INFO).
 */
export type BenchResult = {
  name: string;
  value: number;
  unit: string;
  floor: number;
  ratio: number;
  budget?: number;
  note?: string;
};

export const verdict = (result: BenchResult): 'PASS' | 'FAIL' | 'INFO' =>
  result.budget === undefined ? 'INFO' : result.ratio >= result.budget ? 'PASS' : 'FAIL';

const round = (value: number): string =>
  Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);

/** `name: <value> <unit> | floor <value> | ratio <x> (budget ≥ <y>) PASS/FAIL`. */
export function formatResult(result: BenchResult): string {
  const budget = result.budget === undefined ? 'no budget' : `budget ≥ ${result.budget}`;
  const note = result.note ? `  [${result.note}]` : '';
  return `${result.name}: ${round(result.value)} ${result.unit} | floor ${round(result.floor)} | ratio ${result.ratio.toFixed(3)} (${budget}) ${verdict(result)}${note}`;
}

/** Logs progress to stderr so that stdout holds only the result lines. */
export const progress = (message: string): void => {
  process.stderr.write(`  … ${message}\n`);
};

/**
 * Runs a benchmark: prints each result line, hands the results to bench/run.mjs (BENCH_RESULT_FILE) and
 * exits non-zero when a budget fails or the benchmark throws.
 */
export async function runBench(run: () => Promise<BenchResult[]>): Promise<never> {
  let code: number;
  try {
    const results = await run();
    for (const result of results) console.log(formatResult(result));
    if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(results));
    code = results.some((result) => verdict(result) === 'FAIL') ? 1 : 0;
  } catch (error) {
    console.error(error);
    code = 2;
  }
  // Exit explicitly: a half-closed database or socket must not keep a finished run alive.
  process.exit(code);
}
