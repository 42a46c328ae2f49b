import { lazy, Suspense } from 'react';

/**
 * The customer's-rights cards, one chunk of their own: the account's first load does not carry them, and only a
 * declined, late or history page loads it.
 */
const cards = () => import('./cards');
const DecisionReviewChunk = lazy(() => cards().then((m) => ({ default: m.DecisionReview })));
const DebtAdviceChunk = lazy(() => cards().then((m) => ({ default: m.DebtAdvice })));
const ContactsChunk = lazy(() => cards().then((m) => ({ default: m.Contacts })));

export const DecisionReview = () => (
  <Suspense fallback={null}>
    <DecisionReviewChunk />
  </Suspense>
);
/** Under the late-payment banner's own heading. */
export const DebtAdvice = () => (
  <Suspense fallback={null}>
    <DebtAdviceChunk heading="h3" />
  </Suspense>
);
export const Contacts = () => (
  <Suspense fallback={null}>
    <ContactsChunk />
  </Suspense>
);
