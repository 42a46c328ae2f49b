// Started before the async boundary: /config.json loads while the shared modules do.
import './config-request';
import { preloadFirstScreen } from './first-screen';

preloadFirstScreen();

// React DOM and the router are evaluated as soon as their own chunks arrive, each in a task of its own, rather
// than all at once with the bootstrap once the last shared chunk is in (issue 17: total blocking time).
void import('react-dom/client');
void import('react-router');

// Async boundary: the federation runtime negotiates shared modules before any of them is used.
import('./bootstrap');
