import { formatMoney, LoanStatus, type LoanView, loanAtom, refreshUser, type ScreenProps } from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const money = originationTexts.moneyOnTheWay;

/** Signed and past the auto-debit step: the payout is ordered (again, harmlessly: one payout per loan). */
const payoutDue = (loan: LoanView) => loan.status === LoanStatus.ContractSigned && loan.auto_debit_step_completed;

/**
 * On the account page: money on the way (ContractSigned after the auto-debit step, Processing), which orders the
 * payout. The loan in service and after is the account remote's (remotes/account). Nothing for other loans.
 */
export function LoanProgressScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  if (!loan) return null;
  if (payoutDue(loan) || loan.status === LoanStatus.Processing) return <MoneyOnTheWay loan={loan} screen={screen} />;
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
