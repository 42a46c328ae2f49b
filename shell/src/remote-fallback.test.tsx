import { messages, RemoteUnavailable, sessionStore } from '@credimo/shared';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadRemoteApp } from './federation';
import { buildRoutes } from './routes';

jest.mock('./federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));

describe('a remote that is down never blanks the page', () => {
  test('its place shows the Spanish fallback and the layout stays usable', async () => {
    (loadRemoteApp as jest.Mock).mockResolvedValue({ default: RemoteUnavailable });
    const router = createMemoryRouter(buildRoutes('http://api.test'), { initialEntries: ['/auth'] });
    await act(async () => {
      render(
        <Provider store={sessionStore}>
          <RouterProvider router={router} />
        </Provider>,
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.remoteUnavailable);
    expect(screen.getByRole('link', { name: 'Credimo, inicio' })).toBeInTheDocument();
  });
});
