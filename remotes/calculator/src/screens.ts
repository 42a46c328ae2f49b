import type { ScreenTable } from '@credimo/shared';
import { Calculator } from './Calculator';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  calculator: Calculator,
};
