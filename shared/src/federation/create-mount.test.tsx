import { act, screen } from '@testing-library/react';
import { messages } from '../i18n/messages';
import { configureCaptcha, usesGoogleCaptcha } from '../session/captcha';
import { createMount } from './create-mount';
import { unavailableModule } from './fallback-plugin';
import type { ScreenProps } from './screen';
import { createScreenSwitch, placeholderScreen } from './screen-switch';

const Broken = (): never => {
  throw new Error('boom');
};

const Root = createScreenSwitch(
  { home: placeholderScreen('Inicio'), other: ({ query }: ScreenProps) => <p>consulta {query.q}</p>, broken: Broken },
  'home',
);

describe('a remote mounts anywhere with mount(el, props) => unmount', () => {
  let el: HTMLDivElement;
  beforeEach(() => {
    el = document.createElement('div');
    document.body.append(el);
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    el.remove();
    jest.restoreAllMocks();
  });

  test('renders the screen asked for, and unmount empties the element', async () => {
    const mount = createMount('test', Root, 'home');
    let unmount = () => {};
    await act(async () => {
      unmount = mount(el, { screen: 'other', query: { q: 'x' } });
    });
    expect(screen.getByText('consulta x')).toBeInTheDocument();
    act(() => unmount());
    expect(el).toBeEmptyDOMElement();
  });

  test('an unknown screen falls back to the default one', async () => {
    const mount = createMount('test', Root, 'home');
    await act(async () => {
      mount(el, { screen: 'nope' });
    });
    expect(screen.getByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
  });

  test('a screen that throws shows the Spanish fallback instead of a blank page', async () => {
    const mount = createMount('test', Root, 'home');
    await act(async () => {
      mount(el, { screen: 'broken' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.remoteUnavailable);
  });

  test("a widget on a WordPress page takes the app's reCAPTCHA key from the loader (config.json)", async () => {
    const mount = createMount('test', Root, 'home');
    await act(async () => {
      mount(el, { apiBaseUrl: 'http://api.test' });
    });
    expect(usesGoogleCaptcha()).toBe(false);
    const second = document.createElement('div');
    document.body.append(second);
    await act(async () => {
      mount(second, { apiBaseUrl: 'http://api.test', recaptchaSiteKey: '6Lc-real-key' });
    });
    await act(async () => {});
    expect(usesGoogleCaptcha()).toBe(true);
    configureCaptcha(null);
    second.remove();
  });

  test('the stand-in module of an unavailable remote mounts the same fallback without React', () => {
    const unmount = unavailableModule('credimo_account/mount').mount(el);
    expect(el.querySelector('[role="alert"]')).toHaveTextContent(messages.remoteUnavailable);
    unmount();
    expect(el).toBeEmptyDOMElement();
  });
});
