import { createMount } from '@credimo/shared';
import PaymentsApp from './App';

/** mount(el, props) => unmount, for hosts that are not React (the WordPress loader). */
export const mount = createMount('payments', PaymentsApp, 'accountPaymentMethods');
export default mount;
