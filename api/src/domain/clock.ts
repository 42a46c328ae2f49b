import { madridDay } from '@credimo/shared/domain';
import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The servicing clock: today's date in Madrid (as a Date at local midnight, see madridDay) plus the sandbox offset
 * that `npm run ops -- advance-days N` moves, so tests and demos can age a loan. Production refuses to move it
 * (see advanceDays), so there it is the real date.
 */
export async function clockToday(db: Kysely<Database>, now = new Date()): Promise<Date> {
  const row = await db.selectFrom('sandbox_clock').select('offset_days').executeTakeFirst();
  return madridDay(addDays(now, row?.offset_days ?? 0));
}

/** Moves the sandbox clock one day on; returns the new offset. */
export async function tickClock(db: Kysely<Database>): Promise<number> {
  const row = await db
    .updateTable('sandbox_clock')
    .set((eb) => ({ offset_days: eb('offset_days', '+', 1) }))
    .returning('offset_days')
    .executeTakeFirstOrThrow();
  return row.offset_days;
}
