import {
  accessTokenAtom,
  clearSession,
  disbursementIbanAtom,
  LoanStatus,
  type LoanView,
  loanAtom,
  notificationsAtom,
  sessionStore,
  userAtom,
} from '@credimo/shared';
import {
  activeLoan,
  customer,
  extensionTerms,
  openWithdrawal,
  repaymentRange,
} from '@credimo/shared/testing/customers';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { Suspense } from 'react';
import { AccountScreen } from './AccountScreen';
import { leaveTo } from './browser';
import { resetInbox } from './inbox';
import { mockApiPerTest, showScreen } from './test-utils';

jest.mock('./browser', () => ({ leaveTo: jest.fn() }));

const http = mockApiPerTest();

const REPAYMENT_RANGE = repaymentRange;
const EXTENSION_TERMS = extensionTerms();

/** A new session (after the empty one mockApiPerTest starts each test with): the cards' answers are asked anew. */
function signedIn(loan: LoanView | null = activeLoan(), extra = {}) {
  const user = customer(loan, extra);
  sessionStore.set(accessTokenAtom, 'customer-token');
  sessionStore.set(userAtom, user);
  sessionStore.set(loanAtom, loan);
  http.current.onGet('/v2/user').reply(200, user);
  http.current.onGet('/v2/notifications/inbox').reply(200, []);
  http.current.onGet('/v2/loan/partial_repay').reply(200, REPAYMENT_RANGE);
  http.current.onGet('/v2/loan/prolong').reply(200, EXTENSION_TERMS);
  http.current.onGet('/v2/loan/prolong_details').reply((config) => [
    200,
    {
      term: config.params.term,
      cost: config.params.term * (config.params.promocode ? 200 : 300),
      next_pay_date: '2027-01-01',
      commission_at_the_end: 6000,
      promocode: config.params.promocode ?? null,
    },
  ]);
  return user;
}

beforeEach(() => {
  resetInbox();
  (leaveTo as jest.Mock).mockReset();
});

describe('/account: the loan in service', () => {
  test('the loan detail shows status, days left and total, today’s amounts and the due date', async () => {
    signedIn();
    showScreen(AccountScreen, { screen: 'account' });
    const detail = await screen.findByRole('region', { name: 'Tu préstamo activo' });
    expect(within(detail).getByText('Préstamo activo')).toBeInTheDocument();
    expect(within(detail).getByText('Quedan 10 días')).toBeInTheDocument();
    expect(within(detail).getByText('Plazo: 30 días')).toBeInTheDocument();
    expect(within(detail).getByText('02/12/2026')).toBeInTheDocument();
    expect(within(detail).getByText('Total a devolver hoy').nextSibling).toHaveTextContent('360,00');
    // The fee has one name everywhere: "Comisión", as in the calculator and the agreement.
    expect(within(detail).getByText('Comisión')).toBeInTheDocument();
    expect(within(detail).queryByText(/Intereses/)).toBeNull();
    expect(within(detail).getByRole('progressbar', { name: 'Días transcurridos del plazo' })).toHaveAttribute(
      'value',
      '67',
    );
    expect(screen.queryByRole('region', { name: '¿Necesitas ayuda con tu pago?' })).toBeNull();
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
  });

  test('with 3 or fewer days left the help banner offers WhatsApp and the phone', async () => {
    signedIn(activeLoan({ days: { total: 30, left: 3 } }));
    showScreen(AccountScreen, { screen: 'account' });
    const help = await screen.findByRole('region', { name: '¿Necesitas ayuda con tu pago?' });
    expect(within(help).getByRole('link', { name: 'Escríbenos por WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/34\d{9}$/,
    );
    expect(
      within(help)
        .getByRole('link', { name: /^Llámanos al/ })
        .getAttribute('href'),
    ).toMatch(/^tel:/);
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
  });

  test('a late loan says how many days late', async () => {
    signedIn(
      activeLoan({ status: LoanStatus.Overdue, status_text: 'Pago vencido', days: { total: 30, left: 0, late: 4 } }),
    );
    showScreen(AccountScreen, { screen: 'account' });
    expect(await screen.findByText('4 días de retraso')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
  });

  test('the repayment slider snaps to the step and "Pagar" leads to the payment methods with the amount', async () => {
    signedIn();
    const { navigate } = showScreen(AccountScreen, { screen: 'account' });
    const slider = await screen.findByRole('slider', { name: 'Importe a pagar' });
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^360,00\s€$/));
    fireEvent.change(slider, { target: { value: '12345' } });
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^123,50\s€$/));
    await userEvent.click(screen.getByRole('button', { name: /^Pagar 123,50/ }));
    expect(navigate).toHaveBeenCalledWith('/account/payment-methods', {
      state: { payment_type: 'partial_repay', amount: 12350 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pagar el total' }));
    await userEvent.click(screen.getByRole('button', { name: /^Pagar 360,00/ }));
    expect(navigate).toHaveBeenLastCalledWith('/account/payment-methods', {
      state: { payment_type: 'payoff', amount: 36000 },
    });
  });

  test('the amount can be typed in euros: 100 is exactly 100,00 €, and the slider follows', async () => {
    signedIn();
    const { navigate } = showScreen(AccountScreen, { screen: 'account' });
    const typed = await screen.findByLabelText('O escribe el importe (€)');
    expect(typed).toHaveValue('360,00');
    expect(typed).toHaveAttribute('inputmode', 'decimal');
    await userEvent.clear(typed);
    await userEvent.type(typed, '100');
    const slider = screen.getByRole('slider', { name: 'Importe a pagar' });
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^100,00\s€$/));
    await userEvent.click(screen.getByRole('button', { name: /^Pagar 100,00/ }));
    expect(navigate).toHaveBeenCalledWith('/account/payment-methods', {
      state: { payment_type: 'partial_repay', amount: 10000 },
    });
    fireEvent.change(slider, { target: { value: '12345' } });
    expect(typed).toHaveValue('123,50');
  });

  test('a typed amount is checked in cents with Spanish messages on the field, and nothing is paid', async () => {
    signedIn();
    const { navigate } = showScreen(AccountScreen, { screen: 'account' });
    const typed = await screen.findByLabelText('O escribe el importe (€)');
    const tryToPay = async (text: string) => {
      await userEvent.clear(typed);
      if (text) await userEvent.type(typed, text);
      await userEvent.click(screen.getByRole('button', { name: /^Pagar \d/ }));
    };
    await tryToPay('12,34');
    expect(screen.getByText('El importe debe ir en pasos de 0,10 €.')).toBeInTheDocument();
    expect(typed).toHaveAttribute('aria-invalid', 'true');
    await tryToPay('360,10');
    expect(screen.getByText('El importe no puede superar lo que debes hoy.')).toBeInTheDocument();
    await tryToPay('0,05');
    expect(screen.getByText('El importe mínimo es 0,10 €.')).toBeInTheDocument();
    await tryToPay('cien');
    expect(screen.getByText('Escribe el importe en euros, por ejemplo 100,00.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    await tryToPay('12.30');
    expect(typed).not.toHaveAttribute('aria-invalid');
    expect(navigate).toHaveBeenCalledWith('/account/payment-methods', {
      state: { payment_type: 'partial_repay', amount: 1230 },
    });
  });

  test('the prolongation card: a selector for 3 terms, the chosen term’s cost, what is then due, a promo code', async () => {
    signedIn();
    const { navigate } = showScreen(AccountScreen, { screen: 'account' });
    const card = await screen.findByRole('region', { name: 'Amplía tu plazo' });
    const select = within(card).getByRole('combobox', { name: 'Días de prórroga' });
    expect(
      within(card)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['7 días', '14 días', '30 días']);
    await waitFor(() => expect(within(card).getByText('Coste de la prórroga').nextSibling).toHaveTextContent('90,00'));
    // What is due at the new date is everything owed today (360 EUR), not only the commission part of it.
    expect(within(card).getByText('A devolver al final').nextSibling).toHaveTextContent('360,00');
    await userEvent.selectOptions(select, '7');
    await waitFor(() => expect(within(card).getByText('Coste de la prórroga').nextSibling).toHaveTextContent('21,00'));
    await userEvent.type(within(card).getByLabelText('Código promocional'), 'prorroga');
    await userEvent.click(within(card).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(within(card).getByText('Coste de la prórroga').nextSibling).toHaveTextContent('14,00'));
    await userEvent.click(within(card).getByRole('button', { name: 'Prorrogar' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(http.current.history.post).toHaveLength(0);
  });

  test('"Prorrogar" shows a summary first (new due date, cost, what is then due), then every payment method', async () => {
    signedIn(
      activeLoan({
        calculations: { today: { body: 30_000, annual_commission: 0, all_fines: 0, fine: 0, amount: 37_200 } },
      }),
    );
    const { navigate } = showScreen(AccountScreen, { screen: 'account' });
    const card = await screen.findByRole('region', { name: 'Amplía tu plazo' });
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Días de prórroga' }), '7');
    await waitFor(() => expect(within(card).getByText('Coste de la prórroga').nextSibling).toHaveTextContent('21,00'));
    // After a partial payment that covered the commission, 372 EUR is still due at the end.
    expect(within(card).getByText('A devolver al final').nextSibling).toHaveTextContent('372,00');
    await userEvent.click(within(card).getByRole('button', { name: 'Prorrogar' }));
    const summary = await screen.findByRole('region', { name: 'Resumen de tu prórroga' });
    expect(within(summary).getByText('Nueva fecha de devolución').nextSibling).toHaveTextContent('01/01/2027');
    expect(within(summary).getByText('Pagas ahora (coste de la prórroga)').nextSibling).toHaveTextContent('21,00');
    expect(within(summary).getByText('A devolver el 01/01/2027').nextSibling).toHaveTextContent('372,00');
    await userEvent.click(within(summary).getByRole('button', { name: 'Elegir cómo pagar' }));
    expect(navigate).toHaveBeenCalledWith('/account/payment-methods', {
      state: { payment_type: 'prolongation', amount: 2100, term: 7 },
    });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test('a loan that cannot be extended has no prolongation card', async () => {
    signedIn(activeLoan({ extendable: false, available_extensions: [] }));
    showScreen(AccountScreen, { screen: 'account' });
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
    expect(screen.queryByRole('region', { name: 'Amplía tu plazo' })).toBeNull();
  });
  test('the screen shows once the repayment range and the terms are in, both asked at once (no card arrives later)', async () => {
    signedIn();
    const answers: Array<() => void> = [];
    const held = (body: unknown) => () =>
      new Promise<[number, unknown]>((resolve) => answers.push(() => resolve([200, body])));
    http.current.onGet('/v2/loan/partial_repay').reply(held(REPAYMENT_RANGE));
    http.current.onGet('/v2/loan/prolong').reply(held(EXTENSION_TERMS));
    const { container } = showScreen(AccountScreen, { screen: 'account' });
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(container.querySelector('[data-screen="account"]')).toBeNull();
    await act(async () => {
      for (const answer of answers) answer();
    });
    const cards = await screen.findAllByRole('heading', { level: 2 });
    expect(cards.slice(0, 3).map((heading) => heading.textContent)).toEqual([
      'Tu préstamo activo',
      'Devolver tu préstamo',
      'Amplía tu plazo',
    ]);
    expect(screen.getByRole('slider', { name: 'Importe a pagar' })).toBeInTheDocument();
  });

  test('a new total asks for its range while the card keeps its place; the terms, still the same, are not asked again', async () => {
    signedIn();
    // As the shell shows a remote's screen: under a boundary that would put a skeleton in place of a suspended screen.
    render(
      <Provider store={sessionStore}>
        <Suspense fallback={<p>Cargando</p>}>
          <AccountScreen screen="account" params={{}} query={{}} navigate={jest.fn()} />
        </Suspense>
      </Provider>,
    );
    expect(await screen.findByRole('slider', { name: 'Importe a pagar' })).toHaveAttribute('max', '36000');
    await screen.findByRole('region', { name: 'Amplía tu plazo' });
    let answer = () => {};
    http.current
      .onGet('/v2/loan/partial_repay')
      .reply(() => new Promise((resolve) => (answer = () => resolve([200, { ...REPAYMENT_RANGE, max: 12_000 }]))));
    const asked = (path: string) => http.current.history.get.filter((r) => r.url === path).length;
    const today = { body: 12_000, annual_commission: 0, all_fines: 0, fine: 0, amount: 12_000 };
    act(() => sessionStore.set(loanAtom, activeLoan({ calculations: { today } })));
    await waitFor(() => expect(asked('/v2/loan/partial_repay')).toBe(2));
    expect(screen.queryByText('Cargando')).toBeNull();
    expect(screen.getByRole('slider', { name: 'Importe a pagar' })).toHaveAttribute('max', '36000');
    await act(async () => answer());
    const slider = screen.getByRole('slider', { name: 'Importe a pagar' });
    expect(slider).toHaveAttribute('max', '12000');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^120,00\s€$/));
    expect(asked('/v2/loan/prolong')).toBe(1);
  });
});

describe('/account: the other loan views (processing, repaid, sold, none)', () => {
  test('a payment waiting for the bank shows the processing screen and no payment action', () => {
    signedIn(activeLoan({ has_pending_payment: true }));
    showScreen(AccountScreen, { screen: 'account' });
    expect(screen.getByRole('heading', { name: 'Estamos procesando tu pago' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Devolver tu préstamo' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Amplía tu plazo' })).toBeNull();
  });

  test('a payment waiting for the bank, the processing view off for this customer: the loan shows as it is', () => {
    signedIn(activeLoan({ has_pending_payment: true }), { payment_procession_on_loan_view: false });
    showScreen(AccountScreen, { screen: 'account' });
    expect(screen.queryByRole('heading', { name: 'Estamos procesando tu pago' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Tu préstamo activo' })).toBeInTheDocument();
  });

  test('a repaid loan shows the review card, and the stars thank the customer', async () => {
    signedIn(activeLoan({ status: LoanStatus.Returned, status_text: 'Préstamo devuelto' }));
    showScreen(AccountScreen, { screen: 'account' });
    expect(await screen.findByRole('heading', { name: '¡Gracias! Has devuelto tu préstamo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tu préstamo activo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '5 estrellas' }));
    expect(screen.getByText('¡Gracias por tu valoración!')).toBeInTheDocument();
  });

  test('a sold loan shows the buyer and the payment requisites instead of amounts', () => {
    signedIn(
      activeLoan({
        status: LoanStatus.Sold,
        status_text: 'Préstamo cedido',
        cession_portfolio: {
          sold_date: '2026-11-20',
          cession_buyer: {
            name: 'Cobros Ibéricos SL',
            phone: '910000000',
            email: 'pagos@cobros.es',
            account_holder_name: 'Cobros Ibéricos SL',
            account_number: 'ES7921000813610123456789',
            swift: 'CAIXESBBXXX',
            bank_name: 'CaixaBank',
          },
        },
      }),
    );
    showScreen(AccountScreen, { screen: 'account' });
    expect(screen.getByRole('heading', { name: 'Tu préstamo ha sido cedido' })).toBeInTheDocument();
    expect(screen.getAllByText('Cobros Ibéricos SL')).toHaveLength(2);
    expect(screen.getByText('ES7921000813610123456789')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.queryByText(/360,00/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Devolver tu préstamo' })).toBeNull();
  });

  test('no loan: no loan view (the calculator has its own slot), the promo codes and the auto-debit offer', async () => {
    signedIn(null as never, {
      discounts: [{ target: 'autodebit_card_added', percent: 15, description: 'Por añadir tu tarjeta' }],
      payment_cards: [],
      payment_card_request_status: null,
    });
    sessionStore.set(loanAtom, null);
    http.current
      .onPost('/v2/user/payment_card')
      .reply(201, { request_id: 'r', status: 'New', url: '/sandbox/card?x=1' });
    const { container } = showScreen(AccountScreen, { screen: 'account' });
    await screen.findByRole('button', { name: 'Añadir tarjeta' });
    expect(container.querySelector('[data-loan-view]')).toHaveAttribute('data-loan-view', 'none');
    expect(screen.getByText('15 % de descuento')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir tarjeta' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://api.test/sandbox/card?x=1'));
  });

  test('the IBAN selector offers the known accounts for the next loan, or another one', async () => {
    signedIn(activeLoan({ status: LoanStatus.Returned, status_text: 'Préstamo devuelto' }));
    http.current
      .onGet('/v2/user/available_bank_accounts')
      .reply(200, ['ES9121000418450200051332', 'ES7921000813610123456789']);
    showScreen(AccountScreen, { screen: 'account' });
    const select = await screen.findByRole('combobox', { name: 'Cuenta bancaria (IBAN)' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ES91 2100 0418 4502 0005 1332', 'ES79 2100 0813 6101 2345 6789', 'Otra cuenta (la indicarás después)']);
    expect(sessionStore.get(disbursementIbanAtom)).toBe('ES9121000418450200051332');
    await userEvent.selectOptions(select, 'ES7921000813610123456789');
    expect(sessionStore.get(disbursementIbanAtom)).toBe('ES7921000813610123456789');
    await userEvent.selectOptions(select, '');
    expect(sessionStore.get(disbursementIbanAtom)).toBeNull();
  });

  test('the screen shows once the known accounts are in, with the IBAN card above the offers (no card arrives later)', async () => {
    signedIn(null, {
      discounts: [{ target: 'next_loan', percent: 15, description: 'En tu próximo préstamo' }],
      payment_cards: [],
      payment_card_request_status: null,
    });
    let answer: (list: string[]) => void = () => {};
    http.current
      .onGet('/v2/user/available_bank_accounts')
      .reply(() => new Promise((resolve) => (answer = (list) => resolve([200, list]))));
    const { container } = showScreen(AccountScreen, { screen: 'account' });
    await waitFor(() => expect(http.current.history.get.some((r) => r.url?.includes('available_bank'))).toBe(true));
    expect(container.querySelector('[data-screen="account"]')).toBeNull();
    expect(screen.queryByText('15 % de descuento')).toBeNull();
    await act(async () => answer(['ES9121000418450200051332']));
    const cards = await screen.findAllByRole('heading', { level: 2 });
    expect(cards.map((heading) => heading.textContent)).toEqual([
      'Cuenta para recibir tu próximo préstamo',
      'Tus códigos promocionales',
      'Activa el pago automático',
    ]);
    expect(screen.getByRole('combobox', { name: 'Cuenta bancaria (IBAN)' })).toHaveValue('ES9121000418450200051332');
  });

  test('a card request being processed says so instead of the offer', async () => {
    signedIn(activeLoan(), { payment_cards: [], payment_card_request_status: 'PendingConfirmation' });
    showScreen(AccountScreen, { screen: 'account' });
    expect(await screen.findByText(/Estamos verificando tu tarjeta/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Añadir tarjeta' })).toBeNull();
  });
});

describe('/account: the 14-day withdrawal', () => {
  const open = openWithdrawal;

  test('"Desistir del préstamo" asks first, stating the amount to return, then the acknowledgement is shown', async () => {
    signedIn(activeLoan({ withdrawal: open }));
    const acknowledged = {
      ...open,
      available: false,
      requested_on: '2026-11-05',
      acknowledgement: 'Has desistido del préstamo CR100007 el 05/11/2026. Debes devolver 302,00 €.',
    };
    http.current.onPost('/v2/loan/withdrawal').reply(200, acknowledged);
    const after = customer(activeLoan({ withdrawal: acknowledged }));
    http.current.onGet('/v2/user').reply(200, after);
    showScreen(AccountScreen, { screen: 'account' });
    expect(await screen.findByText(/Tienes hasta el 16\/11\/2026 para desistir/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Desistir del préstamo' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quieres desistir del préstamo?' });
    expect(within(dialog).getByText(/Tendrás que devolver 302,00/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, volver' }));
    expect(http.current.history.post).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Desistir del préstamo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, desistir' }));
    expect(await screen.findByRole('heading', { name: 'Has desistido del préstamo' })).toBeInTheDocument();
    expect(screen.getByText(acknowledged.acknowledgement)).toBeInTheDocument();
    expect(JSON.parse(http.current.history.post[0]?.data)).toEqual({ confirm: true });
  });

  test('once the right is over there is no button', async () => {
    signedIn(activeLoan({ withdrawal: null }));
    showScreen(AccountScreen, { screen: 'account' });
    expect(screen.queryByRole('button', { name: 'Desistir del préstamo' })).toBeNull();
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
  });
});

describe('/account: query notes', () => {
  test('payment=add_card_successful shows a success note and clears itself from the address', async () => {
    signedIn();
    const { navigate } = showScreen(AccountScreen, { screen: 'account', query: { payment: 'add_card_successful' } });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account', { replace: true }));
    expect(sessionStore.get(notificationsAtom)).toEqual([
      expect.objectContaining({ message: 'Tu tarjeta se ha añadido correctamente.', severity: 'success' }),
    ]);
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
  });
});

describe('/account: polling', () => {
  /** The inbox holds one "Pago recibido" notification (id 9), with these duplicates. */
  const inboxHolds = (duplicateIds: string[]) =>
    http.current
      .onGet('/v2/notifications/inbox')
      .reply(200, [
        { id: '9', message: 'Pago recibido', severity: 'success', duplicateIds, created_at: '2026-11-23T10:00:00Z' },
      ]);

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('the inbox every 5 s into the alerts and the user every 30 s; dismissing marks read with duplicates', async () => {
    signedIn();
    inboxHolds(['4']);
    http.current.onPost('/v2/notifications/read').reply(200, { read: 2 });
    showScreen(AccountScreen, { screen: 'account' });
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    const inboxCalls = () => http.current.history.get.filter((r) => r.url === '/v2/notifications/inbox').length;
    expect(inboxCalls()).toBe(2);
    const alerts = sessionStore.get(notificationsAtom);
    expect(alerts).toEqual([expect.objectContaining({ id: 'inbox-9', message: 'Pago recibido', severity: 'success' })]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(25_000);
    });
    expect(http.current.history.get.filter((r) => r.url === '/v2/user').length).toBe(1);
    // Shown once: later polls do not add it again.
    expect(sessionStore.get(notificationsAtom)).toHaveLength(1);
    act(() => sessionStore.set(notificationsAtom, []));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(JSON.parse(http.current.history.post[0]?.data)).toEqual({ ids: ['9', '4'] });
  });

  test('alerts cleared because the session ended are not marked read', async () => {
    signedIn();
    inboxHolds([]);
    http.current.onPost('/v2/notifications/read').reply(200, { read: 1 });
    showScreen(AccountScreen, { screen: 'account' });
    await screen.findByRole('region', { name: 'Devolver tu préstamo' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(sessionStore.get(notificationsAtom)).toEqual([expect.objectContaining({ id: 'inbox-9' })]);
    act(() => clearSession());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(http.current.history.post.filter((r) => r.url === '/v2/notifications/read')).toEqual([]);
  });
});
