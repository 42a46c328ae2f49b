import { messages } from '@credimo/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadPage } from './browser';
import { VersionCheck } from './VersionCheck';
import { VERSION_CHECK_MS, versionOf, watchVersion } from './version-check';

jest.mock('./browser', () => ({ reloadPage: jest.fn() }));

const answers = (...versions: Array<string | null>) => {
  const queue = [...versions];
  return jest.fn(async () => (queue.length > 1 ? (queue.shift() ?? null) : (queue[0] ?? null)));
};

afterEach(() => jest.useRealTimers());

describe('the version check: /version.json every 5 s, a new one asks to reload', () => {
  test('reads /version.json every 5 s; the first version is the page’s own, a different one is new, once', async () => {
    jest.useFakeTimers();
    const readVersion = answers('a1', 'a1', null, 'b2', 'c3');
    const onNewVersion = jest.fn();
    watchVersion({ readVersion, onNewVersion });
    await act(async () => {});
    expect(readVersion).toHaveBeenCalledTimes(1);
    expect(VERSION_CHECK_MS).toBe(5_000);
    // Same version, then a failed read (a deploy in progress): nothing to say.
    await act(async () => jest.advanceTimersByTimeAsync(2 * VERSION_CHECK_MS));
    expect(onNewVersion).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTimeAsync(VERSION_CHECK_MS));
    expect(onNewVersion).toHaveBeenCalledWith('b2');
    // It stops there: the customer is asked once.
    await act(async () => jest.advanceTimersByTimeAsync(3 * VERSION_CHECK_MS));
    expect(readVersion).toHaveBeenCalledTimes(4);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
  });

  test('only a {"version": "..."} body names a version', () => {
    expect(versionOf({ version: 'abc' })).toBe('abc');
    expect(versionOf({ version: '' })).toBeNull();
    expect(versionOf('<html>')).toBeNull();
    expect(versionOf(null)).toBeNull();
  });

  test('a new version asks, in Spanish, to reload, and OK reloads the page', async () => {
    jest.useFakeTimers();
    render(<VersionCheck readVersion={answers('a1', 'b2')} />);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => jest.advanceTimersByTimeAsync(VERSION_CHECK_MS));
    const dialog = screen.getByRole('dialog', { name: messages.newVersionTitle });
    expect(dialog).toHaveTextContent('¡Hay una nueva versión de la aplicación! Recarga la página o pulsa Aceptar.');
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(reloadPage).toHaveBeenCalled();
  });
});
