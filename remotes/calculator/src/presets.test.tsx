import {
  agentDataAtom,
  api,
  CHOICE_KEY,
  clearSession,
  compactPrices,
  configureApi,
  loanChoiceAtom,
  type PricesResponse,
  priceTablesAtom,
  readCookie,
  removeCookie,
  sessionStore,
  type UserResponse,
  userAtom,
  writeCookie,
} from '@credimo/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import { Calculator, type CalculatorProps } from './Calculator';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

/** 50 to 100 EUR by 10, 5 to 7 days, 1 % a day, nothing free; `off` percent taken off the commission. */
function table(off = 0) {
  const prices: Record<string, Record<string, unknown>> = {};
  for (const term of [5, 6, 7]) {
    prices[term] = {};
    for (let amount = 5000; amount <= 10000; amount += 1000) {
      const original = (amount * term) / 100;
      const total = Math.round((original * (100 - off)) / 100);
      (prices[term] as Record<string, unknown>)[amount] = {
        is_free: false,
        commissions: { total, original_total: original },
        return_amount: amount + total,
        tae: 100,
      };
    }
  }
  return compactPrices(prices as PricesResponse);
}

const valid = {
  valid: true,
  code: 'CREDIMO10',
  percent_commission: 10,
  percent_extension: null,
  percent_extension_price: null,
};
const nbsp = '\u00a0';
let http: MockAdapter;
beforeEach(() => {
  http = new MockAdapter(api());
  clearSession();
  localStorage.clear();
  removeCookie('promoCode');
  sessionStore.set(priceTablesAtom, {});
  http.onGet('/api/products/1/settings').reply(200, {
    calculator: { amount_default_toggle_position: 3, term_default_toggle_position: 2 },
  });
  http.onGet('/v2/products/1/prices', { params: {} }).reply(200, table());
  http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(200, table(10));
  http.onPost('/v2/check-promocode', { promocode: 'CREDIMO10' }).reply(200, valid);
});
afterEach(() => http.restore());

const show = (props: CalculatorProps = {}) =>
  render(
    <Provider store={sessionStore}>
      <Calculator {...props} />
    </Provider>,
  );

async function shown() {
  const amount = await screen.findByRole('slider', { name: 'Importe' });
  return {
    amount: amount.getAttribute('aria-valuetext'),
    term: screen.getByRole('slider', { name: 'Plazo' }).getAttribute('aria-valuetext'),
  };
}

describe('the account calculator opens with what the customer chose before', () => {
  test("a returning customer's stored choice (from WordPress or an earlier visit) presets amount and term", async () => {
    localStorage.setItem(CHOICE_KEY, JSON.stringify({ productId: 1, amount: 6000, term: 5 }));
    sessionStore.set(loanChoiceAtom, null);
    show();
    expect(await shown()).toEqual({ amount: `60${nbsp}€`, term: '5 días' });
  });

  test("an agent-registered customer's calculator defaults come from the agent data", async () => {
    http.onGet('/v2/user/agent_data').reply(200, { agent_name: 'laura', amount: 9000, term: 6 });
    sessionStore.set(userAtom, { is_registered_by_agent: true, loan: null } as unknown as UserResponse);
    show();
    expect(await shown()).toEqual({ amount: `90${nbsp}€`, term: '6 días' });
    expect(sessionStore.get(agentDataAtom)).toEqual({ agent_name: 'laura', amount: 9000, term: 6 });
  });

  test('the 7-day promo code cookie is restored, and "Solicitar" without retyping it keeps it', async () => {
    writeCookie('promoCode', 'CREDIMO10');
    show({ navigate: jest.fn() });
    expect(await screen.findByText('Código CREDIMO10 aplicado')).toBeInTheDocument();
    // 80 EUR for 7 days: 5,60 EUR commission, 5,04 EUR with 10 % off.
    expect(await screen.findByText('85,04 €')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(readCookie('promoCode')).toBe('CREDIMO10');
  });

  test("the shortcode's promocode attribute is checked and applied", async () => {
    show({ promocode: 'credimo10' });
    expect(await screen.findByText('Código CREDIMO10 aplicado')).toBeInTheDocument();
    expect(readCookie('promoCode')).toBe('CREDIMO10');
  });

  test('an invalid stored code is discarded', async () => {
    http
      .onPost('/v2/check-promocode', { promocode: 'OLD' })
      .reply(422, { errors: [{ message: 'x', property: 'promocode' }] });
    writeCookie('promoCode', 'OLD');
    show();
    await shown();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readCookie('promoCode')).toBeNull();
    expect(screen.getByLabelText('Código promocional')).toHaveValue('');
  });
});
