import {
  compactPrices,
  LoanStatus,
  type LoanView,
  loanAtom,
  loanChoiceAtom,
  messages,
  priceTablesAtom,
  sessionStore,
  storeChoice,
  userAtom,
} from '@credimo/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { ApplicationScreen } from './ApplicationScreen';
import { AwaitingScreen } from './AwaitingScreen';
import { ATTEMPT_KEY, applyOnce } from './apply';

const http = mockApiPerTest();

const prices = {
  '30': {
    '30000': { is_free: true, commissions: { total: 0, original_total: 9000 }, return_amount: 30000, tae: 0 },
    '50000': {
      is_free: false,
      commissions: { total: 15000, original_total: 15000 },
      return_amount: 65000,
      tae: 2270.6,
    },
  },
};

function loan(overrides: Partial<LoanView> = {}): LoanView {
  return {
    id: '7',
    public_id: 'CR100007',
    status: LoanStatus.Request,
    status_type: 'info',
    status_text: 'Solicitud en estudio',
    request_date: '2026-11-22T10:00:00.000Z',
    request_amount: 50000,
    original_request_amount: 50000,
    return_amount: 65000,
    commission: 15000,
    tae: 2270.6,
    is_free: false,
    promocode: null,
    predicted_must_pay_date: '2026-12-22',
    days: { total: 30 },
    required_files: [],
    auto_debit_step_completed: false,
    agreements: [],
    ...overrides,
  };
}

const userWith = (current: LoanView | null) => ({ loan: current, permissions: { authorization_status: 2 } });

beforeEach(() => {
  sessionStore.set(priceTablesAtom, {});
  sessionStore.set(loanChoiceAtom, null);
  http.current.onGet('/v2/products/1/prices').reply(200, compactPrices(prices));
  http.current.onGet('/api/products/1/settings').reply(200, { calculator: {} });
});

describe('the application step (/registration/application-change)', () => {
  test('with a choice from the calculator, the application is created once, with an attempt reference', async () => {
    storeChoice({ productId: 1, amount: 50000, term: 30 }, null);
    http.current.onPost('/v2/loan').reply(201, loan());
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    showScreen(ApplicationScreen);
    expect(await screen.findByRole('heading', { name: '¡Solicitud creada!' })).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(1);
    const body = JSON.parse(http.current.history.post[0]?.data);
    expect(body).toMatchObject({ loan_period: 30, loan_sum: 50000 });
    expect(body.attempt_reference).toMatch(/^web-[0-9a-f]{24}$/);
    expect(screen.getByText('Referencia de tu solicitud: CR100007')).toBeInTheDocument();
    // The choice is used up; the loan is in the store for the redirect rules.
    expect(sessionStore.get(loanChoiceAtom)).toBeNull();
    expect(sessionStore.get(loanAtom)?.id).toBe('7');
    expect(localStorage.getItem(ATTEMPT_KEY)).toBeNull();
  });

  test('a failure shows the server message and a retry that repeats the same attempt', async () => {
    storeChoice({ productId: 1, amount: 50000, term: 30 }, null);
    http.current
      .onPost('/v2/loan')
      .replyOnce(409, { errors: [{ message: messages.loanAlreadyOpen, property: 'request' }] })
      .onPost('/v2/loan')
      .reply(201, loan());
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    showScreen(ApplicationScreen);
    expect(await screen.findByText(messages.loanAlreadyOpen)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { name: '¡Solicitud creada!' });
    const [first, second] = http.current.history.post.map((r) => JSON.parse(r.data).attempt_reference);
    expect(second).toBe(first);
  });

  test('a stored choice that is no longer offered is dropped and the calculator is asked for', async () => {
    storeChoice({ productId: 1, amount: 55500, term: 30 }, null);
    showScreen(ApplicationScreen);
    expect(await screen.findByRole('heading', { name: 'Elige tu préstamo' })).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(0);
    expect(sessionStore.get(loanChoiceAtom)).toBeNull();
  });

  test('a refused application shows "Lo siento, tu solicitud fue rechazada"', async () => {
    sessionStore.set(loanAtom, loan({ status: LoanStatus.Denied }));
    const { navigate } = showScreen(ApplicationScreen);
    expect(screen.getByRole('heading', { name: messages.applicationDeclined })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ir a mi cuenta' }));
    expect(navigate).toHaveBeenCalledWith('/account');
  });
});

describe('the waiting screens', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  test('a Request counts down 60 s, then "Lo sentimos, necesitamos más tiempo"', async () => {
    sessionStore.set(loanAtom, loan());
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    showScreen(AwaitingScreen);
    expect(screen.getByRole('heading', { name: 'Estamos estudiando tu solicitud' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:30');
    await act(() => jest.advanceTimersByTimeAsync(31_000));
    expect(screen.getByRole('heading', { name: 'Lo sentimos, necesitamos más tiempo' })).toBeInTheDocument();
  });

  test('other statuses count 180 s; manual verification says so; the user is polled every 5 s', async () => {
    sessionStore.set(loanAtom, loan({ status: LoanStatus.AwaitingVerification }));
    sessionStore.set(userAtom, null);
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.AwaitingVerification })));
    showScreen(AwaitingScreen);
    expect(screen.getByRole('heading', { name: 'Estamos verificando tus datos' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('03:00');
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(http.current.history.get.filter((r) => r.url === '/v2/user')).toHaveLength(2);
  });

  test('the application just created here is shown as created on its waiting page', async () => {
    storeChoice({ productId: 1, amount: 50000, term: 30 }, null);
    http.current.onPost('/v2/loan').reply(201, loan());
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    expect((await applyOnce({ productId: 1, amount: 50000, term: 30 })).kind).toBe('created');
    // The redirect rules take the new Request to its waiting page: the created view is there, under the countdown.
    showScreen(AwaitingScreen);
    expect(screen.getByRole('heading', { name: 'Estamos estudiando tu solicitud' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¡Solicitud creada!', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('650,00 €')).toBeInTheDocument();
  });

  test('an application found on a later visit, not created here, waits without the created view', () => {
    sessionStore.set(loanAtom, loan());
    showScreen(AwaitingScreen);
    expect(screen.queryByRole('heading', { name: '¡Solicitud creada!' })).not.toBeInTheDocument();
  });

  test('a reload does not restart the countdown', async () => {
    sessionStore.set(loanAtom, loan());
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    const first = showScreen(AwaitingScreen);
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    first.unmount();
    showScreen(AwaitingScreen);
    expect(screen.getByRole('timer')).toHaveTextContent('00:40');
  });
});
