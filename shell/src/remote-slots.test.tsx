import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { loadRemoteApp } from './federation';
import { awaitFirstUser } from './first-user';
import { preloadRemotes, RemoteSlot, RemoteSlots } from './RemoteSlot';

jest.mock('./federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));

const screenProps = { screen: 'auth', params: {}, query: {}, state: undefined, navigate: () => {} };

describe("a page's remotes", () => {
  beforeEach(() => (loadRemoteApp as jest.Mock).mockReset());

  test('are all asked for at once, each once, not one after the other', () => {
    (loadRemoteApp as jest.Mock).mockReturnValue(new Promise(() => {}));
    const slots = [
      { remote: 'account' as const },
      { remote: 'registration' as const, expose: './LoanProgress' as const },
    ];
    preloadRemotes(slots);
    preloadRemotes(slots);
    expect((loadRemoteApp as jest.Mock).mock.calls).toEqual([
      ['account', './App'],
      ['registration', './LoanProgress'],
    ]);
  });

  test("replace the server's first paint only once their screen has mounted", async () => {
    document.body.innerHTML = '<div id="first-paint"><h1>Accede con tu móvil</h1></div><div id="root" hidden></div>';
    let arrive: (module: { default: () => ReactElement }) => void = () => {};
    (loadRemoteApp as jest.Mock).mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const container = document.getElementById('root') as HTMLElement;
    render(
      <RemoteSlots>
        <RemoteSlot remote="payments" {...screenProps} />
      </RemoteSlots>,
      { container },
    );
    expect(document.getElementById('first-paint')).not.toBeNull();
    expect(container.hidden).toBe(true);
    await act(async () => arrive({ default: () => <h1>Accede con tu móvil</h1> }));
    expect(document.getElementById('first-paint')).toBeNull();
    expect(container.hidden).toBe(false);
    expect(screen.getByRole('heading', { name: 'Accede con tu móvil' })).toBeInTheDocument();
  });

  test("of a signed-in page wait for the customer's first data, answered or failed", async () => {
    document.body.innerHTML = '<div id="first-paint"></div><div id="root" hidden></div>';
    let fail: (error: Error) => void = () => {};
    awaitFirstUser(new Promise((_, reject) => (fail = reject)));
    (loadRemoteApp as jest.Mock).mockResolvedValue({ default: () => <p>Tu préstamo</p> });
    const container = document.getElementById('root') as HTMLElement;
    render(
      <RemoteSlots>
        <RemoteSlot remote="calculator" {...screenProps} />
      </RemoteSlots>,
      { container },
    );
    await act(async () => {});
    expect(screen.queryByText('Tu préstamo')).toBeNull();
    expect(container.hidden).toBe(true);
    await act(async () => fail(new Error('network')));
    expect(await screen.findByText('Tu préstamo')).toBeInTheDocument();
    expect(container.hidden).toBe(false);
  });
});
