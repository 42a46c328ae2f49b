// Started before the async boundary: /config.json loads while the shared modules do.
import './config-request';
import { spreadChunkScripts } from './chunk-loading';
import { preloadFirstScreen } from './first-screen';

declare const __webpack_require__: Parameters<typeof spreadChunkScripts>[0];

preloadFirstScreen();
spreadChunkScripts(__webpack_require__);

// In a task after this script's own, so the federation runtime's negotiation of shared modules is not part of
// the long task that evaluates it; React DOM is evaluated as soon as its own chunks arrive, in a task of its own,
// rather than with everything else once the last shared chunk is in (total blocking time). Not the
// router: importing its namespace here would keep every export of it in the build.
setTimeout(() => {
  void import('react-dom/client');
  // Async boundary: the federation runtime negotiates shared modules before any of them is used.
  import('./bootstrap');
}, 0);
