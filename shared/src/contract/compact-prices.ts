import type { CompactPrices, PriceOption, PricesResponse } from './pricing';

/**
 * The price table as sent: the grid of terms and amounts as ranges, and per term one row per figure, the
 * first value whole and each next one as its difference from the previous amount. Commissions grow almost
 * linearly with the amount and the TAE hardly moves along a row, so rows become runs of the same small
 * number: 275 KB of JSON objects turn into well under 1 KB gzipped, and the widget expands it once.
 */

const range = ({ min, max, step }: { min: number; max: number; step: number }) => {
  const values: number[] = [];
  for (let value = min; value <= max; value += step) values.push(value);
  return values;
};

const deltas = (values: number[]) =>
  values.map((value, index) => (index === 0 ? value : value - (values[index - 1] as number)));

const sums = (differences: number[]) => {
  let running = 0;
  return differences.map((difference) => {
    running += difference;
    return running;
  });
};

function rangeOf(sortedValues: number[]) {
  const min = sortedValues[0] as number;
  const max = sortedValues[sortedValues.length - 1] as number;
  const step = sortedValues.length > 1 ? (sortedValues[1] as number) - min : 1;
  return { min, max, step };
}

/** Expands the compact form into the price options keyed by term then amount (cents). */
export function expandPrices(compact: CompactPrices): PricesResponse {
  const amounts = range(compact.amounts);
  const table: PricesResponse = {};
  range(compact.terms).forEach((term, row) => {
    const originals = sums(compact.original_total[row] ?? []);
    const totals = sums(compact.total[row] ?? []);
    const taes = sums(compact.tae_tenths[row] ?? []);
    const options: Record<string, PriceOption> = {};
    amounts.forEach((amount, column) => {
      const total = totals[column] as number;
      options[amount] = {
        is_free: compact.free_up_to !== null && amount <= compact.free_up_to,
        commissions: { total, original_total: originals[column] as number },
        return_amount: amount + total,
        tae: (taes[column] as number) / 10,
      };
    });
    table[term] = options;
  });
  return table;
}

/**
 * The compact form of a full table. Refuses (throws) a table the form cannot carry exactly, such as uneven
 * steps or free options that are not the lowest amounts, so what the widget expands is always what was priced.
 */
export function compactPrices(table: PricesResponse): CompactPrices {
  const numeric = (keys: string[]) => keys.map(Number).sort((a, b) => a - b);
  const terms = numeric(Object.keys(table));
  const amounts = numeric(Object.keys(table[terms[0] as number] ?? {}));
  const row = (term: number, figure: (option: PriceOption) => number) =>
    deltas(amounts.map((amount) => figure(table[term]?.[amount] as PriceOption)));
  const free = terms.flatMap((term) => amounts.filter((amount) => table[term]?.[amount]?.is_free));
  const compact: CompactPrices = {
    terms: rangeOf(terms),
    amounts: rangeOf(amounts),
    free_up_to: free.length ? Math.max(...free) : null,
    original_total: terms.map((term) => row(term, (option) => option.commissions.original_total)),
    total: terms.map((term) => row(term, (option) => option.commissions.total)),
    tae_tenths: terms.map((term) => row(term, (option) => Math.round(option.tae * 10))),
  };
  if (JSON.stringify(expandPrices(compact)) !== JSON.stringify(table))
    throw new Error('this price table has no exact compact form');
  return compact;
}
