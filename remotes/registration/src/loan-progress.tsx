import { createScreenSwitch } from '@credimo/shared';
import { LoanProgressScreen } from './origination/LoanProgressScreen';

/**
 * The account page's loan progress (money on the way, a payout that failed), exposed on its own as
 * `./LoanProgress`: the account page shows this one screen of the registration remote beside the account's own,
 * and need not load every registration screen for it.
 */
const LoanProgress = createScreenSwitch({ accountLoanProgress: LoanProgressScreen }, 'accountLoanProgress');
export default LoanProgress;
