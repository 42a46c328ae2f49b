import { createScreenSwitch } from '@credimo/shared';
import { SCREENS } from './screens';

/** Root component of the calculator remote. */
const CalculatorApp = createScreenSwitch(SCREENS, 'calculator');
export default CalculatorApp;
