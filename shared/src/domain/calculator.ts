/** Sliders snap to allowed steps: the next, the previous or the closest. */
export type SnapMode = 'next' | 'previous' | 'closest';

export function snapTo(allowed: readonly number[], target: number, mode?: SnapMode): number {
  if (allowed.length === 0) throw new RangeError('nothing to snap to');
  const sorted = [...allowed].sort((a, b) => a - b);
  const first = sorted[0] as number;
  const last = sorted[sorted.length - 1] as number;
  // Past either end, the end itself is the next and the previous step.
  if (mode === 'next') return sorted.find((v) => v >= target) ?? last;
  if (mode === 'previous') return [...sorted].reverse().find((v) => v <= target) ?? first;
  return sorted.reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best), first);
}

export interface CalculatorChoice {
  term: number;
  amount: number;
}

/**
 * The default is the last amount option of the first term, or the toggle positions from
 * the settings when given. A stored or requested choice is used only when it is in the price options.
 */
export function defaultChoice(
  options: Record<string, Record<string, unknown>>,
  settings?: { amount_default_toggle_position: number; term_default_toggle_position: number } | null,
  requested?: Partial<CalculatorChoice> | null,
): CalculatorChoice {
  // Terms (days) and amounts (cents) are whole numbers, and an object lists such keys in ascending order.
  const terms = Object.keys(options).map(Number);
  const firstTerm = terms[0];
  if (firstTerm === undefined) throw new RangeError('no price options');
  const amountsOf = (term: number) => Object.keys(options[term] ?? {}).map(Number);
  if (requested?.term !== undefined && requested.amount !== undefined) {
    const term = snapTo(terms, requested.term);
    return { term, amount: snapTo(amountsOf(term), requested.amount) };
  }
  if (settings) {
    const term = terms[Math.min(Math.max(settings.term_default_toggle_position, 0), terms.length - 1)] ?? firstTerm;
    const amounts = amountsOf(term);
    const amount = amounts[Math.min(Math.max(settings.amount_default_toggle_position, 0), amounts.length - 1)];
    if (amount !== undefined) return { term, amount };
  }
  const amounts = amountsOf(firstTerm);
  return { term: firstTerm, amount: amounts[amounts.length - 1] as number };
}
