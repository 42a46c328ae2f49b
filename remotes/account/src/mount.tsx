import { createMount } from '@credimo/shared';
import AccountApp from './App';

/** mount(el, props) => unmount, for hosts that are not React (the WordPress loader). */
export const mount = createMount('account', AccountApp, 'account');
export default mount;
