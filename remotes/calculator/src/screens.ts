import { placeholderScreen, type ScreenTable } from '@credimo/shared';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  calculator: placeholderScreen('Calcula tu préstamo'),
};
