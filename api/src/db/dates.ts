import { formatWireDate } from '@credimo/shared/format';

/** A `date` column as the API's wire date (yyyy-MM-dd); drivers return it as a Date at local midnight. */
export const wireDay = (value: unknown): string | null =>
  value instanceof Date
    ? formatWireDate(value)
    : value === null || value === undefined || value === ''
      ? null
      : String(value);
