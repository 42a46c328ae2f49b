import { setAccessToken } from '@credimo/shared';
import { activeLoan, customer } from '@credimo/shared/testing/customers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { mockApiPerTest, showScreen } from '../test-utils';
import { MyLoanWidget } from './MyLoanWidget';

const http = mockApiPerTest();

/** axe's violations in the widget (color contrast needs a layout engine jsdom does not have). */
async function violations(container: Element) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => v.id);
}
const APP = 'https://app.credimo.es';

describe('"my loan" on a WordPress page', () => {
  test('signed out: a short prompt to sign in, linking to the app', async () => {
    const { container } = showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
    expect(screen.getByRole('heading', { name: 'Mi préstamo' })).toBeInTheDocument();
    expect(screen.getByText('Inicia sesión para ver tu préstamo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `${APP}/auth`);
    expect(http.current.history.get).toHaveLength(0);
    expect(await violations(container)).toEqual([]);
  });

  test('signed in with a loan: status in Spanish, amount, due date and what repaying today costs', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer(activeLoan()));
    const { container } = showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
    expect(await screen.findByText('Préstamo activo')).toBeInTheDocument();
    const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(fact('Importe')).toBe('300,00\u00a0€');
    expect(fact('Fecha de devolución')).toBe('02/12/2026');
    expect(fact('A devolver hoy')).toBe('360,00\u00a0€');
    expect(await violations(container)).toEqual([]);
  });

  test('the way into the account hands the session over with a one-time code, never the token', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer(activeLoan()));
    http.current.onPost('/v2/user/handoff').reply(200, { code: 'one-time-code' });
    const { navigate } = showScreen((props) => <MyLoanWidget {...props} applyUrl={`${APP}/`} />);
    const link = await screen.findByRole('link', { name: 'Ir a mi cuenta' });
    expect(link).toHaveAttribute('href', `${APP}/account`);
    await userEvent.click(link);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${APP}/auth/handoff?code=one-time-code&to=%2Faccount`));
    expect(String(navigate.mock.calls[0]?.[0])).not.toContain('customer-token');
  });

  test('signed in without an open loan: the way to apply', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer(null));
    showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
    expect(await screen.findByText('Ahora no tienes ningún préstamo en curso.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un préstamo' })).toHaveAttribute('href', `${APP}/account`);
  });

  test('a session the API no longer knows: back to the sign-in prompt', async () => {
    setAccessToken('expired-token');
    http.current.onGet('/v2/user').reply(401, { errors: [{ message: 'x', property: 'request' }] });
    showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  describe("the box the page's placeholder reserved", () => {
    afterEach(() => document.documentElement.removeAttribute('data-credimo-signed-in'));
    const box = () => screen.getByRole('region', { name: 'Mi préstamo' });

    test("a visitor's prompt is sized to its content", () => {
      showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
      expect(box()).not.toHaveClass('signedIn');
    });

    test("on a page marked signed in, the loan summary's box is kept, even when the session turns out to be gone", async () => {
      document.documentElement.setAttribute('data-credimo-signed-in', '');
      setAccessToken('expired-token');
      http.current.onGet('/v2/user').reply(401, { errors: [{ message: 'x', property: 'request' }] });
      showScreen((props) => <MyLoanWidget {...props} applyUrl={APP} />);
      await screen.findByRole('link', { name: 'Iniciar sesión' });
      expect(box()).toHaveClass('signedIn');
    });
  });
});
