import { createScreenSwitch } from '@credimo/shared/federation';
import { SCREENS } from './screens';

/** Root component of the calculator remote. */
const CalculatorApp = createScreenSwitch(SCREENS, 'calculator');
export default CalculatorApp;
