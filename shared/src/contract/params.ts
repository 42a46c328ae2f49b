import Type from 'typebox';

/**
 * Path parameters arrive as text and are coerced to numbers: without an upper bound, `99999999999999999999`
 * becomes a JavaScript integer that the database's `integer` columns refuse (a 500 instead of a 422).
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path (PostgreSQL `integer` keys). */
export const RowId = Type.Integer({ minimum: 1, maximum: MAX_ROW_ID });

/** A loan term in days in a path: terms are days within a year (as `loan_period`). */
export const TermDays = Type.Integer({ minimum: 1, maximum: 366 });

/** An amount in integer cents in a path, within what an `integer` holds (far above any product's maximum). */
export const PathCents = Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: 'integer cents' });
