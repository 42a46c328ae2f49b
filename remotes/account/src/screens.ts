import type { ScreenTable } from '@credimo/shared';
import { AccountScreen } from './AccountScreen';
import { LazyForbearanceScreen } from './forbearance/ForbearanceLink';
import { HistoryScreen } from './HistoryScreen';
import { PersonalInfoScreen } from './PersonalInfoScreen';
import { MyLoanWidget } from './widget/MyLoanWidget';

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  account: AccountScreen,
  accountHistory: HistoryScreen,
  accountPersonalInfo: PersonalInfoScreen,
  accountForbearance: LazyForbearanceScreen,
  // "My loan" on a WordPress page ([credimo widget="my-loan"]); no app route.
  myLoanWidget: MyLoanWidget as ScreenTable[string],
};
