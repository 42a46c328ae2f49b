import type { ScreenTable } from '@credimo/shared';
import { AccountScreen } from './AccountScreen';
import { HistoryScreen } from './HistoryScreen';
import { PersonalInfoScreen } from './PersonalInfoScreen';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  account: AccountScreen,
  accountHistory: HistoryScreen,
  accountPersonalInfo: PersonalInfoScreen,
};
