/** The customer's-rights cards in one chunk: they share their calls, texts and styles, downloaded once. */
export { default as Contacts } from './Contacts';
export { default as DebtAdvice } from './DebtAdvice';
export { default as DecisionReview } from './DecisionReview';
