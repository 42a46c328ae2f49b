import { defaultChoice, snapTo } from './calculator';

describe('the calculator rules', () => {
  const steps = [5000, 6000, 7000, 8000];

  test('snaps to the next, previous or closest allowed step', () => {
    expect(snapTo(steps, 6400, 'closest')).toBe(6000);
    expect(snapTo(steps, 6600, 'closest')).toBe(7000);
    expect(snapTo(steps, 6100, 'next')).toBe(7000);
    expect(snapTo(steps, 6900, 'previous')).toBe(6000);
    expect(snapTo(steps, 100, 'closest')).toBe(5000);
    expect(snapTo(steps, 99999, 'next')).toBe(8000);
    expect(snapTo(steps, 100, 'previous')).toBe(5000);
  });

  test('a value on a step stays on it in every mode', () => {
    for (const mode of ['next', 'previous', 'closest'] as const) {
      expect(snapTo(steps, 6000, mode)).toBe(6000);
      expect(snapTo(steps, 5000, mode)).toBe(5000);
      expect(snapTo(steps, 8000, mode)).toBe(8000);
    }
  });

  test('past either end, every mode gives that end', () => {
    for (const mode of ['next', 'previous', 'closest'] as const) {
      expect(snapTo(steps, 100, mode)).toBe(5000);
      expect(snapTo(steps, 99999, mode)).toBe(8000);
    }
  });

  test('without a mode, the closest step is taken', () => {
    expect(snapTo(steps, 6600)).toBe(7000);
    expect(snapTo(steps, 6400)).toBe(6000);
  });

  test('snapping reads the allowed steps in any order', () => {
    expect(snapTo([8000, 5000, 7000, 6000], 6100, 'next')).toBe(7000);
    expect(snapTo([8000, 5000, 7000, 6000], 6900, 'previous')).toBe(6000);
  });

  test('halfway between two steps, the closest is the smaller', () => {
    expect(snapTo(steps, 6500)).toBe(6000);
  });

  test('nothing to snap to is a programming error', () => {
    expect(() => snapTo([], 5000)).toThrow('nothing to snap to');
  });

  const options = { 5: { 5000: {}, 6000: {} }, 10: { 5000: {}, 6000: {}, 7000: {} } };

  test('defaults to the last amount of the first term', () => {
    expect(defaultChoice(options)).toEqual({ term: 5, amount: 6000 });
  });

  test('or to the toggle positions of the settings', () => {
    expect(defaultChoice(options, { amount_default_toggle_position: 2, term_default_toggle_position: 1 })).toEqual({
      term: 10,
      amount: 7000,
    });
  });

  test('a toggle position past the end takes the last option', () => {
    expect(defaultChoice(options, { amount_default_toggle_position: 9, term_default_toggle_position: 9 })).toEqual({
      term: 10,
      amount: 7000,
    });
  });

  test('a term without amounts falls back to the last amount of the first term', () => {
    const gappy = { 5: { 5000: {} }, 10: {} };
    expect(defaultChoice(gappy, { amount_default_toggle_position: 0, term_default_toggle_position: 1 })).toEqual({
      term: 5,
      amount: 5000,
    });
  });

  test('a requested choice is kept when it exists, otherwise snapped into the options', () => {
    expect(defaultChoice(options, null, { term: 10, amount: 7000 })).toEqual({ term: 10, amount: 7000 });
    expect(defaultChoice(options, null, { term: 9, amount: 6400 })).toEqual({ term: 10, amount: 6000 });
    expect(defaultChoice(options, null, { term: 10, amount: 6400 })).toEqual({ term: 10, amount: 6000 });
  });

  test('terms and amounts are read in numeric order, whatever order the options come in', () => {
    const unordered = { 30: { 30000: {}, 10000: {}, 9000: {} }, 7: { 20000: {}, 5000: {} } };
    expect(defaultChoice(unordered)).toEqual({ term: 7, amount: 20000 });
    expect(defaultChoice(unordered, { amount_default_toggle_position: 0, term_default_toggle_position: 1 })).toEqual({
      term: 30,
      amount: 9000,
    });
  });

  test('a requested term without an amount is no choice: the default applies', () => {
    expect(defaultChoice(options, null, { term: 10 })).toEqual({ term: 5, amount: 6000 });
  });

  test('no price options is a programming error', () => {
    expect(() => defaultChoice({})).toThrow('no price options');
  });
});
