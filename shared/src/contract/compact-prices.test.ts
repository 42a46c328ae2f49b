import { compactPrices, expandPrices } from './compact-prices';
import type { PricesResponse } from './pricing';

const option = (amount: number, total: number, original: number, tae: number, isFree = false) => ({
  is_free: isFree,
  commissions: { total, original_total: original },
  return_amount: amount + total,
  tae,
});

const table: PricesResponse = {
  '5': { '5000': option(5000, 0, 275, 0, true), '6000': option(6000, 297, 330, 1021.3) },
  '6': { '5000': option(5000, 0, 330, 0, true), '6000': option(6000, 356, 396, 853.2) },
};

describe('the compact price table', () => {
  test('expands to exactly the price options it was made from, keyed by term then amount', () => {
    expect(expandPrices(compactPrices(table))).toEqual(table);
  });

  test('sends ranges and rows of differences', () => {
    expect(compactPrices(table)).toEqual({
      terms: { min: 5, max: 6, step: 1 },
      amounts: { min: 5000, max: 6000, step: 1000 },
      free_up_to: 5000,
      original_total: [
        [275, 55],
        [330, 66],
      ],
      total: [
        [0, 297],
        [0, 356],
      ],
      tae_tenths: [
        [0, 10213],
        [0, 8532],
      ],
    });
  });

  test('refuses a table it cannot carry exactly (free options that are not the lowest amounts)', () => {
    const uneven = { ...table, '6': { '5000': option(5000, 330, 330, 900), '6000': option(6000, 0, 396, 0, true) } };
    expect(() => compactPrices(uneven)).toThrow('no exact compact form');
  });
});
