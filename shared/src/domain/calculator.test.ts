import { defaultChoice, dueDate, snapTo } from './calculator';

describe('the calculator rules', () => {
  const steps = [5000, 6000, 7000, 8000];

  test('snaps to the next, previous or closest allowed step', () => {
    expect(snapTo(steps, 6400, 'closest')).toBe(6000);
    expect(snapTo(steps, 6600, 'closest')).toBe(7000);
    expect(snapTo(steps, 6100, 'next')).toBe(7000);
    expect(snapTo(steps, 6900, 'previous')).toBe(6000);
    expect(snapTo(steps, 100, 'closest')).toBe(5000);
    expect(snapTo(steps, 99999, 'next')).toBe(8000);
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

  test('a requested choice is kept when it exists, otherwise snapped into the options', () => {
    expect(defaultChoice(options, null, { term: 10, amount: 7000 })).toEqual({ term: 10, amount: 7000 });
    expect(defaultChoice(options, null, { term: 9, amount: 6400 })).toEqual({ term: 10, amount: 6000 });
  });

  test('the due date is today plus the term in days', () => {
    expect(dueDate(30, new Date(2026, 10, 22)).toDateString()).toBe(new Date(2026, 11, 22).toDateString());
  });
});
