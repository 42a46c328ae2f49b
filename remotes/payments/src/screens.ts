import type { ScreenTable } from '@credimo/shared';
import { PaymentFailedScreen, RepaymentHelpScreen } from './InfoScreens';
import { PaymentMethodsScreen } from './PaymentMethodsScreen';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  accountPaymentMethods: PaymentMethodsScreen,
  accountPaymentFailed: PaymentFailedScreen,
  repaymentHelp: RepaymentHelpScreen,
};
