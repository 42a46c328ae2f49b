import {
  AWAITING_POLL_MS,
  fill,
  formatClock,
  LoanStatus,
  type LoanView,
  loanAtom,
  refreshUser,
  type ScreenProps,
  Skeleton,
  secondsLeft,
  type WaitingTopic,
  waitingSeconds,
  waitingTopic,
} from '@credimo/shared';
import { application as texts } from '@credimo/shared/i18n/screens/application';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { USER_POLL_MS } from '../origination/poll-times';
import { narrowScreen } from '../screen';
import { Created } from './ApplicationScreen';
import { justCreated } from './created';

const TOPIC_TEXTS: Record<WaitingTopic, { title: string; body: string }> = {
  applicationComplete: { title: texts.consideringTitle, body: texts.consideringBody },
  manualVerification: { title: texts.verificationTitle, body: texts.verificationBody },
  bankImport: { title: texts.bankImportTitle, body: texts.bankImportBody },
};

/** When this wait began, per loan and status, so a reload does not restart the countdown. */
function waitStartedAt(loan: LoanView, now = Date.now()): number {
  const key = `credimo:waiting:${loan.id}:${loan.status}`;
  const stored = Number(localStorage.getItem(key));
  if (stored > 0 && stored <= now) return stored;
  localStorage.setItem(key, String(now));
  return now;
}

/**
 * The awaiting pages: "being considered" with a countdown (60 s for a Request, else 180 s);
 * at zero, "sorry, we need more time". The user is polled every 5 s; when the loan's status moves on, the
 * redirect rules take the customer to the next step.
 */
export function AwaitingScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  // 3 s while the bank data is imported, else 5 s.
  const every = screen === 'applicationAwaitingBankDataImporting' ? USER_POLL_MS.bankVerification : AWAITING_POLL_MS;
  useEffect(() => {
    const id = setInterval(() => void refreshUser().catch(() => {}), every);
    return () => clearInterval(id);
  }, [every]);
  if (!loan) return <Skeleton />;
  return (
    <>
      <Countdown key={`${loan.id}:${loan.status}`} loan={loan} />
      {loan.status === LoanStatus.Request && justCreated(loan.id) && <Created loan={loan} onWaitingPage />}
    </>
  );
}

function Countdown({ loan }: { loan: LoanView }) {
  const [startedAt] = useState(() => waitStartedAt(loan));
  const total = waitingSeconds(loan.status);
  const [left, setLeft] = useState(() => secondsLeft(total, startedAt, Date.now()));
  useEffect(() => {
    if (left === 0) return;
    const id = setInterval(() => setLeft(secondsLeft(total, startedAt, Date.now())), 1000);
    return () => clearInterval(id);
  }, [left, total, startedAt]);
  const topic = TOPIC_TEXTS[waitingTopic(loan.status)];
  if (left === 0) {
    return (
      <section className={narrowScreen} data-screen="applicationMoreTime" aria-labelledby="waiting-title">
        <h1 id="waiting-title">{texts.moreTimeTitle}</h1>
        <p>{texts.moreTimeBody}</p>
        <p>{fill(texts.reference, { id: loan.public_id })}</p>
      </section>
    );
  }
  return (
    <section className={narrowScreen} data-screen="applicationWaiting" aria-labelledby="waiting-title">
      <h1 id="waiting-title">{topic.title}</h1>
      <p>{topic.body}</p>
      <p>
        {texts.timeLeft}:{' '}
        <time role="timer" aria-live="off" dateTime={`PT${left}S`}>
          {formatClock(left)}
        </time>
      </p>
      <p>{fill(texts.reference, { id: loan.public_id })}</p>
    </section>
  );
}
