import { createMount } from '@credimo/shared';
import RegistrationApp from './App';

/** mount(el, props) => unmount, for hosts that are not React (the WordPress loader). */
export const mount = createMount('registration', RegistrationApp, 'auth');
export default mount;
