import { addWireDays } from '@credimo/shared/domain';
import { REMINDER_DAYS, type ReminderKind } from './compose';

/** Pure: which reminder, if any, is due on `day` for a loan due on `dueDate` (both yyyy-MM-dd). */
export function reminderOn(dueDate: string, day: string): ReminderKind | null {
  for (const [kind, offset] of Object.entries(REMINDER_DAYS) as Array<[ReminderKind, number]>) {
    if (addWireDays(dueDate, offset) === day) return kind;
  }
  return null;
}
