// The screen-test helpers every remote shares (@credimo/shared/testing).
export { mockApiPerTest, showScreen } from '@credimo/shared/testing';
