import { sessionStore } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import type { ForbearanceResponse, InstalmentPlanView } from '@credimo/shared/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { mockApiPerTest } from '../test-utils';
import { ForbearanceScreen } from './ForbearanceScreen';

const http = mockApiPerTest();

const offer = (changes: Partial<ForbearanceResponse> = {}): ForbearanceResponse => ({
  today: '2026-11-28',
  due_date: '2026-12-01',
  owed: 52_000,
  due_date_change: {
    max_days: 10,
    max_late_days: 5,
    refusal: null,
    options: [
      { days: 1, next_pay_date: '2026-12-02', cost: 440 },
      { days: 10, next_pay_date: '2026-12-11', cost: 4_400 },
    ],
    done: null,
  },
  instalment_plan: {
    counts: [2, 3],
    refusal: null,
    options: [
      {
        instalments: [
          { number: 1, date: '2026-12-28', amount: 26_500 },
          { number: 2, date: '2027-01-28', amount: 26_500 },
        ],
        cost: 1_000,
        pay_now: 52_000,
        total: 53_000,
        tae: 12.5,
      },
      {
        instalments: [
          { number: 1, date: '2026-12-28', amount: 17_800 },
          { number: 2, date: '2027-01-28', amount: 17_800 },
          { number: 3, date: '2027-02-28', amount: 17_900 },
        ],
        cost: 1_500,
        pay_now: 52_000,
        total: 53_500,
        tae: 11.2,
      },
    ],
    plan: null,
  },
  extensions: {
    extensions: 0,
    max_extensions: 3,
    paid_in_extensions: 0,
    borrowed: 40_000,
    paid_so_far: 0,
    allowed: true,
  },
  ...changes,
});

const agreedPlan: InstalmentPlanView = {
  status: 'active',
  agreed_on: '2026-11-28',
  cost: 1_000,
  pay_now: 52_000,
  total: 53_000,
  tae: 12.5,
  paid: 26_500,
  left: 26_500,
  grace_days: 5,
  broken_on: null,
  next: { number: 2, date: '2027-01-28', amount: 26_500, left: 26_500 },
  instalments: [
    { number: 1, date: '2026-12-28', amount: 26_500, paid: 26_500, state: 'paid' },
    { number: 2, date: '2027-01-28', amount: 26_500, paid: 0, state: 'due' },
  ],
};

function show() {
  const navigate = jest.fn();
  render(
    <Provider store={sessionStore}>
      <ForbearanceScreen screen="accountForbearance" navigate={navigate} query={{}} params={{}} />
    </Provider>,
  );
  return navigate;
}

beforeEach(() => {
  http.current.onGet('/v2/user').reply(200, {});
});

describe('the forbearance page: every figure as the API computed it, confirmed by the customer', () => {
  test('what is owed and the due date; the due-date change shows the chosen days’ new Madrid date and price', async () => {
    http.current.onGet('/v2/loan/forbearance').reply(200, offer());
    show();
    const summary = await screen.findByRole('region', { name: 'Opciones para pagar tu préstamo' });
    expect(await within(summary).findByText('520,00 €')).toBeInTheDocument();
    expect(within(summary).getByText('01/12/2026')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Cambiar la fecha de pago' });
    // The longest delay is offered first.
    expect(within(card).getByText('11/12/2026')).toBeInTheDocument();
    expect(within(card).getByText('44,00 €')).toBeInTheDocument();
    await userEvent.selectOptions(within(card).getByLabelText('Días que la retrasas'), '1 día');
    expect(within(card).getByText('02/12/2026')).toBeInTheDocument();
    expect(within(card).getByText('4,40 €')).toBeInTheDocument();
  });

  test('confirming sends the days with one key, however often it is pressed; then the new date is shown', async () => {
    let done = false;
    http.current.onGet('/v2/loan/forbearance').reply(() => [
      200,
      done
        ? offer({
            due_date: '2026-12-11',
            due_date_change: {
              ...offer().due_date_change,
              refusal: 'alreadyChanged',
              options: [],
              done: { days: 10, cost: 4_400, previous_pay_date: '2026-12-01', next_pay_date: '2026-12-11' },
            },
          })
        : offer(),
    ]);
    const keys: string[] = [];
    http.current.onPost('/v2/loan/due_date_change').reply((config) => {
      const body = JSON.parse(config.data);
      expect(body.days).toBe(10);
      keys.push(body.idempotency_key);
      done = true;
      return [201, { days: 10, cost: 4_400, previous_pay_date: '2026-12-01', next_pay_date: '2026-12-11' }];
    });
    show();
    const card = await screen.findByRole('region', { name: 'Cambiar la fecha de pago' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cambiar la fecha' }));
    expect(await within(card).findByText('Tu nueva fecha de pago es el 11/12/2026.')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  test('a refusal says why in the customer’s words, and offers no button', async () => {
    http.current
      .onGet('/v2/loan/forbearance')
      .reply(200, offer({ due_date_change: { ...offer().due_date_change, refusal: 'tooLate', options: [] } }));
    show();
    const card = await screen.findByRole('region', { name: 'Cambiar la fecha de pago' });
    expect(
      within(card).getByText('Tu préstamo lleva demasiados días de retraso para cambiar la fecha.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  test('the API refusing the plan shows its own message on the plan card, and nothing changes', async () => {
    http.current.onGet('/v2/loan/forbearance').reply(200, offer());
    http.current
      .onPost('/v2/loan/instalment_plan')
      .reply(409, { errors: [{ message: 'Tienes un pago pendiente. Espera a que termine.', property: 'request' }] });
    show();
    const card = await screen.findByRole('region', { name: 'Pagar en cuotas' });
    await userEvent.selectOptions(within(card).getByLabelText('Número de cuotas'), '3 cuotas');
    expect(within(card).getByText('535,00 €')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Contratar el plan' }));
    expect(await within(card).findByText('Tienes un pago pendiente. Espera a que termine.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Contratar el plan' })).toBeEnabled();
  });

  test('an agreed plan: its schedule with each instalment’s state, and paying the next one goes to the payment methods', async () => {
    http.current
      .onGet('/v2/loan/forbearance')
      .reply(200, offer({ owed: 26_500, instalment_plan: { ...offer().instalment_plan, plan: agreedPlan } }));
    const navigate = show();
    const card = await screen.findByRole('region', { name: 'Tu plan de pagos' });
    const rows = within(card).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Pagada')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pendiente')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /^Pagar la cuota 2 \(265,00\s€\)$/ }));
    // The last instalment is all that is left: a payoff.
    expect(navigate).toHaveBeenCalledWith(PATHS.accountPaymentMethods, {
      state: { payment_type: 'payoff', amount: 26_500 },
    });
  });
});
