import { Alert, approvalToAnnounce, fill, formatMoney, loanAtom, type ScreenProps } from '@credimo/shared';
import { origination as texts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { narrowScreen } from '../screen';

/** Says the application was approved, and for how much, on the steps between the approval and the signature. */
export function ApprovalNote() {
  const loan = useAtomValue(loanAtom);
  if (!loan || !approvalToAnnounce(loan)) return null;
  return (
    <div className={narrowScreen}>
      <Alert tone="success">{fill(texts.approved, { amount: formatMoney(loan.request_amount) })}</Alert>
    </div>
  );
}

/** A step after the decision: the approval note above the step's own screen. */
export function afterApproval(Screen: ComponentType<ScreenProps>): ComponentType<ScreenProps> {
  return function AfterApproval(props: ScreenProps) {
    return (
      <>
        <ApprovalNote />
        <Screen {...props} />
      </>
    );
  };
}
