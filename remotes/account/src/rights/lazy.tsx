import { lazy, Suspense } from 'react';

/**
 * The customer's-rights cards, each its own chunk: the account's first load stays within its budget, and only a
 * declined, late or history page loads them.
 */
const DecisionReviewChunk = lazy(() => import('./DecisionReview'));
const DebtAdviceChunk = lazy(() => import('./DebtAdvice'));
const ContactsChunk = lazy(() => import('./Contacts'));

export const DecisionReview = () => (
  <Suspense fallback={null}>
    <DecisionReviewChunk />
  </Suspense>
);
export const DebtAdvice = () => (
  <Suspense fallback={null}>
    <DebtAdviceChunk />
  </Suspense>
);
export const Contacts = () => (
  <Suspense fallback={null}>
    <ContactsChunk />
  </Suspense>
);
