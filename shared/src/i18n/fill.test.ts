import { fill, plural } from './fill';
import { texts } from './screens';

describe("filling a catalogue's text", () => {
  test('one form for exactly one, the other for zero, many and fractions, with the count in place of {n}', () => {
    const days = { one: 'Queda 1 día', other: 'Quedan {n} días' };
    expect(plural(days, 1)).toBe('Queda 1 día');
    expect([0, 2, 15, 1.5].map((n) => plural(days, n))).toEqual([
      'Quedan 0 días',
      'Quedan 2 días',
      'Quedan 15 días',
      'Quedan 1.5 días',
    ]);
  });

  test("a plural's other placeholders are filled too", () => {
    expect(plural({ one: '{who}: 1 cuota', other: '{who}: {n} cuotas' }, 3, { who: 'Ana' })).toBe('Ana: 3 cuotas');
  });

  test('a placeholder without a value stays as it is', () => {
    expect(fill('Pagar {amount} el {date}', { amount: '10,00 €' })).toBe('Pagar 10,00 € el {date}');
  });
});

/** Every leaf of a catalogue, with its path. */
function leaves(node: unknown, at: string): Array<[string, unknown]> {
  if (node === null || typeof node !== 'object') return [[at, node]];
  const keys = Object.keys(node);
  // A plural's forms are one text, not two.
  if (keys.includes('one') && keys.includes('other')) return [[at, node]];
  return keys.flatMap((key) => leaves((node as Record<string, unknown>)[key], `${at}.${key}`));
}

describe('the screen catalogues', () => {
  const all = leaves(texts, 'texts');

  test('hold data only: every text is a string or a plural, none is a function', () => {
    // null: a default setting with no value (a debt-advice service without a phone).
    const odd = all
      .filter(([, value]) => typeof value !== 'string' && value !== null && !isPlural(value))
      .map(([at]) => at);
    expect(odd).toEqual([]);
  });

  test("a plural has Spanish's two forms, the other one with the count", () => {
    const plurals = all.filter(([, value]) => isPlural(value));
    expect(plurals.length).toBeGreaterThan(0);
    for (const [at, value] of plurals) {
      expect([at, Object.keys(value as object).sort()]).toEqual([at, ['one', 'other']]);
      expect([at, (value as { other: string }).other]).toEqual([at, expect.stringContaining('{n}')]);
    }
  });
});

function isPlural(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { one?: unknown }).one === 'string' &&
    typeof (value as { other?: unknown }).other === 'string'
  );
}
