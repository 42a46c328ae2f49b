import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');

export interface Budgets {
  bundle: {
    remoteEntry: number;
    exposedChunks: Record<string, number>;
    shellInitial: number;
    calculatorAlone: number;
    wordpressLoader: number;
    federationRuntime: number;
  };
  time: { productionBuildSeconds: number; freshCloneToShellSeconds: number; npmTestSeconds: number };
  /**
   * bench:calculator, throttled: the JavaScript received before the calculator answers (as sent: the server's
   * gzip and headers) and the scripts that carry it, navigation to the painted figures (the plugin's HTML) and to a
   * calculator that answers a slider, and a slider step's p95.
   */
  calculatorPage: {
    javascriptAsSent: number;
    scripts: number;
    paintedSeconds: number;
    interactiveSeconds: number;
    sliderP95Ms: number;
  };
}

export const budgets: Budgets = JSON.parse(readFileSync(path.join(root, 'bench/budgets.json'), 'utf8'));

export interface Row {
  name: string;
  value: number;
  budget?: number;
  unit: 'KB' | 's' | 'ms' | 'files';
}

/** Prints rows as a table; returns false when any row is over its budget. */
export function report(title: string, rows: Row[]): boolean {
  console.log(`\n${title}`);
  let ok = true;
  for (const row of rows) {
    const shown = row.unit === 'KB' ? (row.value / 1024).toFixed(1) : row.value.toFixed(row.unit === 'files' ? 0 : 1);
    const budget =
      row.budget === undefined ? '' : row.unit === 'KB' ? (row.budget / 1024).toFixed(1) : String(row.budget);
    const over = row.budget !== undefined && row.value > row.budget;
    if (over) ok = false;
    console.log(
      `  ${row.name.padEnd(48)} ${shown.padStart(8)} ${row.unit}${budget ? `  (budget ${budget} ${row.unit})` : ''}${over ? '  OVER' : ''}`,
    );
  }
  return ok;
}
