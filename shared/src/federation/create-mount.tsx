import { Provider } from 'jotai';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isApiConfigured, setApiAddress } from '../api/address';
import { sessionStore } from '../session/store';
import { RemoteBoundary } from '../ui/RemoteBoundary';
import type { Mount, ScreenProps } from './screen';

const pageNavigate: ScreenProps['navigate'] = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/**
 * Builds a remote's `mount(el, props) => unmount` from its root component: its own React root inside
 * the shared session store and an error boundary, so a widget placed anywhere behaves the same.
 */
export function createMount(name: string, Root: ComponentType<ScreenProps>, defaultScreen: string): Mount {
  return (el, props = {}) => {
    // Outside the shell (a WordPress page) the host passes the API's address; the first widget records it, and
    // the API client itself loads only when a widget first needs more than a public read.
    if (!isApiConfigured() && typeof props.apiBaseUrl === 'string') {
      setApiAddress({
        apiBaseUrl: props.apiBaseUrl,
        wpBaseUrl: typeof props.wpBaseUrl === 'string' ? props.wpBaseUrl : window.location.origin,
      });
    }
    // The reCAPTCHA site key of the app's /config.json, which the WordPress loader reads: sign-in widgets then ask
    // Google for their token as the app does. Loaded after the first render, never in the calculator's first load;
    // Google's own script loads only when a token is first needed (session/captcha.ts).
    const captchaKey = props.recaptchaSiteKey;
    if (typeof captchaKey === 'string' && captchaKey) {
      void import(/* webpackChunkName: "captcha" */ '../session/captcha').then(({ configureCaptcha }) =>
        configureCaptcha(captchaKey),
      );
    }
    const root = createRoot(el);
    const screenProps: ScreenProps = {
      screen: props.screen ?? defaultScreen,
      params: props.params ?? {},
      query: props.query ?? {},
      state: props.state,
      navigate: props.navigate ?? pageNavigate,
    };
    root.render(
      <Provider store={sessionStore}>
        <RemoteBoundary name={name}>
          <Root {...props} {...screenProps} />
        </RemoteBoundary>
      </Provider>,
    );
    return () => root.unmount();
  };
}
