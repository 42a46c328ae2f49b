import { createMount } from '@credimo/shared/federation';
import CalculatorApp from './App';

/** mount(el, props) => unmount, for hosts that are not React (the WordPress loader). */
export const mount = createMount('calculator', CalculatorApp, 'calculator');
export default mount;
