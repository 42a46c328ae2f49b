import {
  formatMoney,
  LOAN_IN_SERVICE,
  LoanStatus,
  type LoanView,
  loanAtom,
  refreshUser,
  type ScreenProps,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const money = originationTexts.moneyOnTheWay;
const active = originationTexts.activeLoan;
const displayDate = (wire: string | null | undefined) => (wire ? wire.split('-').reverse().join('/') : '');

/** Signed and past the auto-debit step: the payout is ordered (again, harmlessly: one payout per loan). */
const payoutDue = (loan: LoanView) => loan.status === LoanStatus.ContractSigned && loan.auto_debit_step_completed;

/**
 * On the account page, until the account remote has its own loan screens: money on the way (ContractSigned after
 * the auto-debit step, Processing) and the active loan (status, amount, due date). Nothing for other loans.
 */
export function LoanProgressScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  if (!loan) return null;
  if (payoutDue(loan) || loan.status === LoanStatus.Processing) return <MoneyOnTheWay loan={loan} screen={screen} />;
  if (LOAN_IN_SERVICE.includes(loan.status)) return <ActiveLoan loan={loan} screen={screen} />;
  return null;
}

function MoneyOnTheWay({ loan, screen }: { loan: LoanView; screen: string }) {
  useUserPolling(USER_POLL_MS.awaiting);
  const due = payoutDue(loan);
  useEffect(() => {
    if (due) void originationCalls.issuance().then(refreshUser, () => {});
  }, [due]);
  return (
    <section className={narrowScreen} data-screen={`${screen}:moneyOnTheWay`} aria-labelledby="money-title">
      <h2 id="money-title">{due ? money.signedTitle : money.title}</h2>
      <p>{due ? money.signedBody : money.body}</p>
      <dl className={styles.summary}>
        <dt>{money.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
      </dl>
      <p>{money.reference(loan.public_id)}</p>
    </section>
  );
}

// The account page's 30 s poll of the user (SPEC section 9) is the shell's, for every screen on it.
function ActiveLoan({ loan, screen }: { loan: LoanView; screen: string }) {
  const toPay = loan.calculations?.today.amount ?? loan.return_amount;
  return (
    <section className={narrowScreen} data-screen={`${screen}:activeLoan`} aria-labelledby="active-loan-title">
      <h2 id="active-loan-title">{active.title}</h2>
      <dl className={styles.summary}>
        <dt>{active.status}</dt>
        <dd>{loan.status_text}</dd>
        <dt>{active.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{active.toPay}</dt>
        <dd>{formatMoney(toPay)}</dd>
        <dt>{active.dueDate}</dt>
        <dd>{displayDate(loan.must_pay_date ?? loan.predicted_must_pay_date)}</dd>
        {loan.days.left !== undefined && (
          <>
            <dt>{active.daysLeft}</dt>
            <dd>{loan.days.left}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
