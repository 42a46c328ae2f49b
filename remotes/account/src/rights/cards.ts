/** The customer's-rights cards in one chunk: they share their calls, texts and styles, downloaded once. */

export { default as DebtAdvice } from '@credimo/shared/ui/debt-advice';
export { default as Contacts } from './Contacts';
export { default as DecisionReview } from './DecisionReview';
