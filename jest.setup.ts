import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A screen that appears after a render waits up to 5 s rather than 1 s: `npm test` runs jest beside the API suite,
// and CI beside the browser tests too, where a busy core can hold a render past a second. A test still fails when
// what it waits for never comes.
configure({ asyncUtilTimeout: 5_000 });
