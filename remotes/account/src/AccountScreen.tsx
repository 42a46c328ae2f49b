import { loanAtom, notify, type ScreenProps, type UserResponse, userAtom } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import styles from './account.module.css';
import { ForbearanceLink } from './forbearance/ForbearanceLink';
import { useAccountPolling } from './inbox';
import { IbanSelector } from './loan/IbanSelector';
import { HelpBanner, LoanDetail } from './loan/LoanDetail';
import { AutoDebitOffer, PromoCodes } from './loan/Offers';
import { preloadOffers } from './loan/offers';
import { ProlongationCard } from './loan/ProlongationCard';
import { RepaymentCard } from './loan/RepaymentCard';
import { CessionCard, DeclinedCard, ProcessingCard, ReviewCard } from './loan/StatusCards';
import { WithdrawalCard } from './loan/WithdrawalCard';
import { isExtendable, isRepayable, loanViewKind } from './rules';

/** The processing view is a customer feature flag: shown only when GET /v2/user turns it on. */
const processingViewOn = (user: Pick<UserResponse, 'payment_procession_on_loan_view'>) =>
  user.payment_procession_on_loan_view === true;

/**
 * /account: alerts (the layout's), personal promo codes, the auto-debit offer, and the current loan by the
 * loan-view rules (shared/src/domain/loan-view.ts). Without a loan the calculator shows below (its own slot on the
 * route).
 */
export function AccountScreen({ screen, query, navigate }: ScreenProps) {
  useAccountPolling();
  const user = useAtomValue(userAtom);
  const loan = useAtomValue(loanAtom);
  const store = useStore();
  const cardAdded = query.payment === 'add_card_successful';
  const go = useRef(navigate);
  go.current = navigate;

  // Payment=add_card_successful shows a success note, then clears itself from the address.
  useEffect(() => {
    if (!cardAdded) return;
    notify(texts.cardAdded, 'success');
    go.current(PATHS.account, { replace: true });
  }, [cardAdded]);

  if (!user) return null;
  const kind = loanViewKind(loan, processingViewOn(user));
  if (loan && (kind === 'service' || kind === 'sold')) preloadOffers(store, isRepayable(loan), isExtendable(loan));
  return (
    <div className={styles.screen} data-screen={screen} data-loan-view={kind}>
      {loan && kind === 'service' && (
        <>
          <HelpBanner loan={loan} />
          <LoanDetail loan={loan} />
          {isRepayable(loan) && <RepaymentCard navigate={navigate} />}
          {isExtendable(loan) && <ProlongationCard loan={loan} navigate={navigate} />}
          <WithdrawalCard loan={loan} />
        </>
      )}
      {loan && kind === 'processing' && (
        <>
          <ProcessingCard />
          <LoanDetail loan={loan} />
        </>
      )}
      {loan && kind === 'sold' && (
        <>
          <CessionCard loan={loan} />
          {/* Presale: still ours, so still repayable (a full repayment calls the sale off). */}
          {isRepayable(loan) && <RepaymentCard navigate={navigate} />}
        </>
      )}
      {kind === 'declined' && <DeclinedCard />}
      {kind === 'closed' && <ReviewCard />}
      {(kind === 'none' || kind === 'closed' || kind === 'declined') && <IbanSelector />}
      <PromoCodes user={user} />
      <AutoDebitOffer user={user} />
      {/* Last, after every card the server paints, so the painted ones keep their place when the app takes over. */}
      {loan && kind === 'service' && <ForbearanceLink loan={loan} navigate={navigate} />}
    </div>
  );
}
