// Started before the async boundary: /config.json loads while the shared modules do.
import './config-request';
import { preloadFirstScreen } from './first-screen';

preloadFirstScreen();

// Async boundary: the federation runtime negotiates shared modules before any of them is used.
import('./bootstrap');
