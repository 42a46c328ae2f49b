import { accessTokenAtom, ROUTES, sessionStore, userAtom } from '@credimo/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_BANKS } from './banks';
import { browser } from './browser';
import { PaymentFailedScreen, RepaymentHelpScreen } from './InfoScreens';
import { CARD_BUTTON_DISABLED_MS, PaymentMethodsScreen, PENDING_POLL_MS } from './PaymentMethodsScreen';
import { mockApiPerTest, showScreen } from './test-utils';

const http = mockApiPerTest();
const loan = (overrides: object = {}) => ({
  id: '7',
  public_id: 'CR-000007',
  status: 2,
  has_pending_payment: false,
  ...overrides,
});
/** GET /v2/user's answer: the signed-in user as the test set them, with this loan. */
const withLoan = (current: object) => ({ ...(sessionStore.get(userAtom) as object), loan: current });
const partial = { payment_type: 'partial_repay', amount: 15_000 };

function signedIn(bizum: boolean, cards: Array<{ id: string; pan: string }> = []) {
  sessionStore.set(accessTokenAtom, 'tok');
  sessionStore.set(userAtom, { id: '1', is_bizum_payment_provider_enabled: bizum, payment_cards: cards } as never);
}
const savedCard = { id: '5', pan: '424242******4242' };

describe('payment methods', () => {
  let go: jest.SpyInstance;
  let post: jest.SpyInstance;
  beforeEach(() => {
    go = jest.spyOn(browser, 'go').mockReturnValue(true);
    post = jest.spyOn(browser, 'post').mockReturnValue(true);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test('reached without its button, it goes back to the account', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    const { navigate } = showScreen(PaymentMethodsScreen, { state: undefined });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account', { replace: true }));
  });

  test('it offers card, bank transfer to three banks with IBAN and entidad, and cash with the ATM locator and no fee', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    showScreen(PaymentMethodsScreen, { state: partial });
    expect(await screen.findByRole('heading', { name: 'Elige cómo pagar' })).toBeInTheDocument();
    expect(screen.getByText('150,00 €')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Pagar con Bizum' })).not.toBeInTheDocument();
    expect(PAYMENT_BANKS).toHaveLength(3);
    for (const bank of PAYMENT_BANKS) {
      expect(screen.getByText(bank.entidad)).toBeInTheDocument();
      expect(screen.getByText(bank.iban.replace(/(.{4})(?=.)/g, '$1 '))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Buscar cajeros de ${bank.entidad}` })).toHaveAttribute(
        'href',
        bank.link,
      );
    }
    expect(screen.getByText('Sin comisiones')).toBeInTheDocument();
    expect(screen.getAllByText(/CR-000007/).length).toBeGreaterThan(0);
  });

  test('the card button asks for the card payment and goes to its checkout, then stays disabled 8 s', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current
      .onPost('/v2/loan/payment-request/generate', { payment_type: 'partial_repay', amount: 15_000 })
      .reply(201, { reference: 'pay_1', payment_link: 'http://api.test/sandbox/card/checkout?reference=pay_1' });
    showScreen(PaymentMethodsScreen, { state: partial });
    const button = await screen.findByRole('button', { name: 'Pagar con tarjeta' });
    await waitFor(() => expect(button).toBeEnabled());
    jest.useFakeTimers();
    act(() => button.click());
    expect(button).toBeDisabled();
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://api.test/sandbox/card/checkout?reference=pay_1'));
    act(() => jest.advanceTimersByTime(CARD_BUTTON_DISABLED_MS - 100));
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(200));
    expect(button).toBeEnabled();
  });

  test('Bizum, when enabled, asks its form with a one-time code (never the session token) and posts it', async () => {
    signedIn(true);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current.onPost('/v2/user/link_code').reply((config) => {
      expect(JSON.parse(config.data)).toEqual({ page: 'bizum_payment' });
      return [200, { code: 'once-1' }];
    });
    http.current.onGet('/v2/loan/payment/bizum').reply((config) => {
      expect(config.params).toEqual({ code: 'once-1', payment_type: 'payoff' });
      return [200, { reference: 'pay_2', actionUrl: 'http://api.test/sandbox/bizum', fields: { reference: 'pay_2' } }];
    });
    showScreen(PaymentMethodsScreen, { state: { payment_type: 'payoff', amount: 52_000 } });
    const button = await screen.findByRole('button', { name: 'Pagar con Bizum' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(post).toHaveBeenCalledWith('http://api.test/sandbox/bizum', { reference: 'pay_2' }));
  });

  test('a prolongation is asked by its term', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current
      .onPost('/v2/loan/payment-request/generate', { payment_type: 'prolongation', term: 7 })
      .reply(201, { reference: 'pay_3', payment_link: 'http://api.test/sandbox/card/checkout?reference=pay_3' });
    showScreen(PaymentMethodsScreen, { state: { payment_type: 'prolongation', amount: 3_080, term: 7 } });
    expect(await screen.findByText('7 días')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Pagar con tarjeta' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(go).toHaveBeenCalled());
  });

  test('while a payment awaits the bank every payment action is blocked, until the bank answers', async () => {
    signedIn(true);
    let pending = true;
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan({ has_pending_payment: pending }))]);
    jest.useFakeTimers();
    showScreen(PaymentMethodsScreen, { state: partial });
    expect(await screen.findByText(/Tu pago está en proceso/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pagar con Bizum' })).toBeDisabled();
    expect(screen.queryByText('Transferencia bancaria')).not.toBeInTheDocument();
    pending = false;
    await act(async () => jest.advanceTimersByTime(PENDING_POLL_MS));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toBeEnabled());
    expect(screen.queryByText(/Tu pago está en proceso/)).not.toBeInTheDocument();
  });

  test('a saved card is offered first and pays at once, under one key however often it is clicked', async () => {
    signedIn(false, [savedCard]);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current.onPost('/v2/loan/payment/saved_card').reply(201, { reference: 'pay_9', status: 'paid' });
    const { navigate } = showScreen(PaymentMethodsScreen, { state: partial });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings[0]).toHaveTextContent('Con tu tarjeta guardada');
    const button = screen.getByRole('button', { name: /^Pagar 150,00\s€ con la tarjeta terminada en 4242$/ });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
    const sent = http.current.history.post.map((request) => JSON.parse(request.data));
    expect(sent[0]).toEqual({
      payment_type: 'partial_repay',
      amount: 15_000,
      card_id: '5',
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(go).not.toHaveBeenCalled();
  });

  test('a declined saved card leads to the payment-failed page; a refused one shows why and pays nothing', async () => {
    signedIn(false, [savedCard]);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current
      .onPost('/v2/loan/payment/saved_card')
      .replyOnce(422, { errors: [{ message: 'El importe no puede superar lo que debes hoy.', property: 'amount' }] })
      .onPost('/v2/loan/payment/saved_card')
      .replyOnce(201, { reference: 'pay_10', status: 'failed' });
    const { navigate } = showScreen(PaymentMethodsScreen, { state: partial });
    const button = await screen.findByRole('button', { name: /con la tarjeta terminada en 4242/ });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('El importe no puede superar lo que debes hoy.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/payment/failed?motivo=declined'));
    const [refused, retried] = http.current.history.post.map((request) => JSON.parse(request.data));
    expect(retried.idempotency_key).not.toBe(refused.idempotency_key);
  });

  test('a saved-card payment left without an answer is retried as the same payment, never a second one', async () => {
    signedIn(false, [savedCard]);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current
      .onPost('/v2/loan/payment/saved_card')
      .networkErrorOnce()
      .onPost('/v2/loan/payment/saved_card')
      .replyOnce(200, { reference: 'pay_11', status: 'paid' });
    const { navigate } = showScreen(PaymentMethodsScreen, { state: partial });
    const button = await screen.findByRole('button', { name: /con la tarjeta terminada en 4242/ });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
    const [lost, retried] = http.current.history.post.map((request) => JSON.parse(request.data));
    expect(retried.idempotency_key).toBe(lost.idempotency_key);
  });

  test('without a saved card there is no such offer', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    showScreen(PaymentMethodsScreen, { state: partial });
    expect(await screen.findByRole('button', { name: 'Pagar con tarjeta' })).toBeInTheDocument();
    expect(screen.queryByText('Con tu tarjeta guardada')).not.toBeInTheDocument();
  });

  test('an extension is offered every way: card, Bizum, transfer and cash, the concept naming it', async () => {
    signedIn(true, [savedCard]);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    showScreen(PaymentMethodsScreen, { state: { payment_type: 'prolongation', amount: 3_080, term: 7 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toBeEnabled());
    expect(screen.getByRole('button', { name: /^Pagar 30,80\s€ con la tarjeta terminada en 4242$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pagar con Bizum' })).toBeEnabled();
    for (const method of ['Transferencia bancaria', 'Efectivo en un cajero'])
      expect(screen.getByRole('heading', { name: method })).toBeInTheDocument();
    // Without PRORROGA and its days a transfer or a deposit would only repay.
    expect(screen.getByText(/con este concepto: CR-000007 PRORROGA 7\. La recibiremos/)).toBeInTheDocument();
    expect(screen.getByText(/con este concepto: CR-000007 PRORROGA 7\. Sin comisiones/)).toBeInTheDocument();
  });

  test('a refused request shows the API’s message and sends nobody away', async () => {
    signedIn(false);
    http.current.onGet('/v2/user').reply(() => [200, withLoan(loan())]);
    http.current.onPost('/v2/loan/payment-request/generate').reply(409, {
      errors: [
        {
          message: 'Tienes un pago pendiente. Espera la respuesta del banco antes de hacer otro.',
          property: 'request',
        },
      ],
    });
    showScreen(PaymentMethodsScreen, { state: partial });
    const button = await screen.findByRole('button', { name: 'Pagar con tarjeta' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(/Tienes un pago pendiente/)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('payment failed and how to repay', () => {
  test('payment failed says "Algo salió mal", what failed, that nothing was charged and what to do', async () => {
    const { navigate } = showScreen(PaymentFailedScreen);
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByText(/Tu pago no se ha completado: tu banco lo ha rechazado/)).toBeInTheDocument();
    expect(screen.getByText(/No se ha cobrado nada/)).toBeInTheDocument();
    expect(screen.getByText(/inténtalo de nuevo, con otra tarjeta o con otra forma de pago/)).toBeInTheDocument();
    expect(screen.getByText(/llámanos al \+34 900 000 000/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(navigate).toHaveBeenCalledWith('/account');
    await userEvent.click(screen.getByRole('button', { name: 'Otras formas de pagar' }));
    expect(navigate).toHaveBeenCalledWith('/ayuda/como-devolver');
  });

  test('a payment page that did not open is named as such', () => {
    showScreen(PaymentFailedScreen, { query: { motivo: 'unopened' } });
    expect(screen.getByText('No hemos podido abrir la página de pago. No se ha cobrado nada.')).toBeInTheDocument();
  });

  test('the page has the account layout: a header with the menu, not a bare centred box', () => {
    expect(ROUTES.find((route) => route.name === 'accountPaymentFailed')).toMatchObject({ layout: 'account' });
  });

  test('the help page explains every way to repay', () => {
    showScreen(RepaymentHelpScreen);
    expect(screen.getByRole('heading', { name: 'Cómo devolver tu préstamo' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText(/penalizaciones, después la comisión/)).toBeInTheDocument();
  });
});
