import { createScreenSwitch } from '@credimo/shared';
import { SCREENS } from './screens';

/** Root component of the registration remote. */
const RegistrationApp = createScreenSwitch(SCREENS, 'auth');
export default RegistrationApp;
