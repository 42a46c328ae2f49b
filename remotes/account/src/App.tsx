import { createScreenSwitch } from '@credimo/shared';
import { SCREENS } from './screens';

/** Root component of the account remote. */
const AccountApp = createScreenSwitch(SCREENS, 'account');
export default AccountApp;
