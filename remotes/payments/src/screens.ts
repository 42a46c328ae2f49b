import { placeholderScreen, type ScreenTable } from '@credimo/shared';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  accountPaymentMethods: placeholderScreen('Métodos de pago'),
  accountPaymentFailed: placeholderScreen('Algo salió mal'),
  repaymentHelp: placeholderScreen('Cómo devolver tu préstamo'),
};
