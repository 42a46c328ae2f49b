import { addWireDays, LENDER_TIME_ZONE, madridToday } from './calendar';

/**
 * The customer's rights around a refusal and a debt (CCD2 Art. 18(8)-(9) and 36, GDPR Art. 22), as rules both the
 * API and the screens read. The figures come from the operators' settings (GET /v2/customer-rights).
 */

/** When and how often collection may contact a customer: Madrid hours, weekdays (1 Monday … 7 Sunday), limits. */
export interface ContactRules {
  /** First and last minute of the contact window, "HH:MM" in Madrid. */
  from: string;
  to: string;
  weekdays: number[];
  maxPerDay: number;
  maxPerWeek: number;
}

export const DEFAULT_CONTACT_RULES: ContactRules = {
  from: '09:00',
  to: '21:00',
  weekdays: [1, 2, 3, 4, 5, 6],
  maxPerDay: 1,
  maxPerWeek: 3,
};

export const DEFAULT_REVIEW_ANSWER_DAYS = 15;

/** The day by which a review asked for on `requestedAt` must be answered (Madrid calendar). */
export function reviewDueOn(requestedAt: Date | number, days: number): string {
  return addWireDays(madridToday(requestedAt), days);
}

const madridClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LENDER_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Madrid weekday (1 Monday … 7 Sunday) and minute of the day at an instant. */
export function madridClockAt(at: Date | number): { weekday: number; minute: number } {
  const parts = Object.fromEntries(madridClock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export type ContactRefusal = 'outside_hours' | 'day_limit' | 'week_limit';

/**
 * Whether collection may contact a customer at `at`, given the instants of the contacts already made: inside the
 * window on an allowed weekday, and fewer than the limits on that Madrid day and in the seven days before.
 */
export function contactRefusal(
  rules: ContactRules,
  at: Date | number,
  earlier: ReadonlyArray<Date | number>,
): ContactRefusal | null {
  const { weekday, minute } = madridClockAt(at);
  if (!rules.weekdays.includes(weekday) || minute < minuteOf(rules.from) || minute > minuteOf(rules.to)) {
    return 'outside_hours';
  }
  const today = madridToday(at);
  const weekStart = addWireDays(today, -6);
  const days = earlier.filter((e) => +e <= +at).map((e) => madridToday(e));
  if (days.filter((d) => d === today).length >= rules.maxPerDay) return 'day_limit';
  if (days.filter((d) => d >= weekStart && d <= today).length >= rules.maxPerWeek) return 'week_limit';
  return null;
}
