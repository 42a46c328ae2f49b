import type { PriceOption } from '@credimo/shared/contract';
import { dueDate } from '@credimo/shared/domain';
import { formatDecimal, formatMoney, wireToDisplayDate } from '@credimo/shared/format';

/**
 * What the calculator shows for a choice, as the customer reads it: one rule for the mounted widget and for the
 * painted calculator that answers before it arrives (painted-answer.ts).
 */
export interface Figures {
  /** The due date in Madrid, dd/mm/yyyy. */
  due: string;
  /** Which commission cell: free (the badge, the struck price), discounted (struck original) or plain. */
  commission: 'free' | 'discounted' | 'plain';
  commissionTotal: string;
  commissionOriginal: string;
  /** What is paid back. */
  total: string;
  /** "1.234,5 %". */
  tae: string;
  free: boolean;
}

export function figuresOf(option: PriceOption, term: number, now: Date | number = Date.now()): Figures {
  const { total, original_total } = option.commissions;
  return {
    due: wireToDisplayDate(dueDate(term, now)),
    commission: option.is_free ? 'free' : total !== original_total ? 'discounted' : 'plain',
    commissionTotal: formatMoney(total),
    commissionOriginal: formatMoney(original_total),
    total: formatMoney(option.return_amount),
    tae: `${formatDecimal(option.tae, 1)} %`,
    free: option.is_free,
  };
}

/** The typed amount's field: "300,00". */
export const amountFieldText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
