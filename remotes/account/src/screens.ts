import { placeholderScreen, type ScreenTable } from '@credimo/shared';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  account: placeholderScreen('Tu préstamo'),
  accountHistory: placeholderScreen('Historial de préstamos'),
  accountPersonalInfo: placeholderScreen('Información personal'),
};
