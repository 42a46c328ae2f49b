import { render } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';
import { api, configureApi } from '../api/client';
import type { ScreenProps } from '../federation/screen';
import { clearSession, sessionStore } from '../session/store';

/**
 * Test helpers every remote's screen tests share (jest only; never imported by code that ships): the API client
 * pointed at a test address, a fresh API mock and an empty session per test, and a screen rendered as the shell would.
 */
configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

/** A fresh mock of the API and an empty session (and storage) for each test. */
export function mockApiPerTest(): { current: MockAdapter } {
  const http = { current: null as unknown as MockAdapter };
  beforeEach(() => {
    http.current = new MockAdapter(api());
    clearSession();
    localStorage.clear();
  });
  afterEach(() => http.current.restore());
  return http;
}

/** Renders one screen as the shell would, in the shared store; returns its navigate spy. */
export function showScreen(Screen: ComponentType<ScreenProps>, props: Partial<ScreenProps> = {}) {
  const navigate = jest.fn();
  const view = render(
    <Provider store={sessionStore}>
      <Screen screen="x" params={{}} query={{}} navigate={navigate} {...props} />
    </Provider>,
  );
  return { navigate, ...view };
}
