import { act, render, screen } from '@testing-library/react';
import { loadRemoteApp } from './federation';
import { preloadRemotes, RemoteSlot, RemoteSlots } from './RemoteSlot';

jest.mock('./federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));

const screenProps = { screen: 'auth', params: {}, query: {}, state: undefined, navigate: () => {} };

describe("a page's remotes (issue 17)", () => {
  beforeEach(() => (loadRemoteApp as jest.Mock).mockReset());

  test('are all asked for at once, each once, not one after the other', () => {
    (loadRemoteApp as jest.Mock).mockReturnValue(new Promise(() => {}));
    preloadRemotes(['account', 'registration', 'calculator']);
    preloadRemotes(['account', 'registration', 'calculator']);
    expect((loadRemoteApp as jest.Mock).mock.calls.map(([remote]) => remote)).toEqual([
      'account',
      'registration',
      'calculator',
    ]);
  });

  test("replace the server's first paint only once their screen has mounted", async () => {
    document.body.innerHTML = '<div id="first-paint"><h1>Accede con tu móvil</h1></div><div id="root" hidden></div>';
    let arrive: (module: { default: () => JSX.Element }) => void = () => {};
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
});
