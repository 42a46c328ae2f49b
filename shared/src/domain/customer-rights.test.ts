import { type ContactRules, contactRefusal, madridClockAt, reviewDueOn } from './customer-rights';

const rules: ContactRules = { from: '09:00', to: '21:00', weekdays: [1, 2, 3, 4, 5, 6], maxPerDay: 1, maxPerWeek: 3 };

describe('a review of a refusal is answered within the configured days, counted on Madrid dates', () => {
  test('asked on 28/11 (Madrid) with 15 days: answered by 13/12', () => {
    expect(reviewDueOn(new Date('2026-11-28T10:00:00Z'), 15)).toBe('2026-12-13');
  });
  test('asked at 23:30 UTC, already the next day in Madrid, counts from that day', () => {
    expect(reviewDueOn(new Date('2026-11-27T23:30:00Z'), 15)).toBe('2026-12-13');
  });
});

describe('collection contacts keep to the hours and limits', () => {
  // Wednesday 25/11/2026: Madrid is UTC+1 in winter.
  const wednesday = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+01:00`);

  test('Madrid clock: weekday and minute of the day', () => {
    expect(madridClockAt(wednesday('10:30'))).toEqual({ weekday: 3, minute: 630 });
    expect(madridClockAt(new Date('2026-11-29T12:00:00+01:00')).weekday).toBe(7);
  });

  test('inside the window on an allowed day, with no contact yet, a call may be made', () => {
    expect(contactRefusal(rules, wednesday('09:00'), [])).toBeNull();
    expect(contactRefusal(rules, wednesday('21:00'), [])).toBeNull();
  });

  test('before the first or after the last minute, or on a day not listed, it may not', () => {
    expect(contactRefusal(rules, wednesday('08:59'), [])).toBe('outside_hours');
    expect(contactRefusal(rules, wednesday('21:01'), [])).toBe('outside_hours');
    expect(contactRefusal(rules, new Date('2026-11-29T12:00:00+01:00'), [])).toBe('outside_hours');
  });

  test('the day limit counts the contacts of the same Madrid day', () => {
    expect(contactRefusal(rules, wednesday('15:00'), [wednesday('10:00')])).toBe('day_limit');
    expect(contactRefusal({ ...rules, maxPerDay: 2 }, wednesday('15:00'), [wednesday('10:00')])).toBeNull();
    // The evening before (Tuesday 23:30 in Madrid) is another day.
    expect(contactRefusal(rules, wednesday('10:00'), [new Date('2026-11-24T22:30:00Z')])).toBeNull();
  });

  test('the week limit counts this day and the six before; the seventh day before no longer counts', () => {
    const earlier = ['2026-11-19', '2026-11-20', '2026-11-23'].map((d) => new Date(`${d}T10:00:00+01:00`));
    expect(contactRefusal(rules, wednesday('10:00'), earlier)).toBe('week_limit');
    const older = ['2026-11-18', '2026-11-20', '2026-11-23'].map((d) => new Date(`${d}T10:00:00+01:00`));
    expect(contactRefusal(rules, wednesday('10:00'), older)).toBeNull();
  });
});
