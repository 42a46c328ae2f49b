import { createScreenSwitch } from '@credimo/shared';
import { SCREENS } from './screens';

/** Root component of the payments remote. */
const PaymentsApp = createScreenSwitch(SCREENS, 'accountPaymentMethods');
export default PaymentsApp;
