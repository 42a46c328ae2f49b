import {
  accessTokenAtom,
  api,
  CHOICE_KEY,
  compactPrices,
  configureApi,
  messages,
  type PricesResponse,
  priceTablesAtom,
  removeCookie,
  sessionStore,
  type UserResponse,
  userAtom,
} from '@credimo/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import { applyAddress, Calculator, type CalculatorProps } from './Calculator';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

/** A small product: 50 to 100 EUR by 10, 5 to 7 days; 1 % a day; free up to 60 EUR. */
function table(discountPercent = 0) {
  const prices: Record<string, Record<string, unknown>> = {};
  for (const term of [5, 6, 7]) {
    prices[term] = {};
    for (let amount = 5000; amount <= 10000; amount += 1000) {
      const original = (amount * term) / 100;
      const free = amount <= 6000;
      const total = free ? 0 : Math.round((original * (100 - discountPercent)) / 100);
      (prices[term] as Record<string, unknown>)[amount] = {
        is_free: free,
        commissions: { total, original_total: original },
        return_amount: amount + total,
        tae: free ? 0 : 123.4,
      };
    }
  }
  return compactPrices(prices as PricesResponse);
}

let http: MockAdapter;
beforeEach(() => {
  http = new MockAdapter(api());
  sessionStore.set(priceTablesAtom, {});
  // A code applied by an earlier test is kept 7 days in its cookie; each test starts without one.
  removeCookie('promoCode');
  http.onGet('/api/products/1/settings').reply(200, {
    calculator: { amount_default_toggle_position: 3, term_default_toggle_position: 2 },
  });
});
afterEach(() => {
  http.restore();
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(userAtom, null);
});

const show = (props: CalculatorProps = {}) =>
  render(
    <Provider store={sessionStore}>
      <Calculator {...props} />
    </Provider>,
  );
const nbsp = '\u00a0';

describe('the calculator', () => {
  test('starts at the settings toggle positions and shows the price, total, TAE and due date', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    show();
    const amount = await screen.findByRole('slider', { name: 'Importe' });
    expect(amount).toHaveAttribute('aria-valuetext', `80${nbsp}€`);
    expect(screen.getByRole('slider', { name: 'Plazo' })).toHaveAttribute('aria-valuetext', '7 días');
    expect(screen.getByText('85,60 €')).toBeInTheDocument();
    expect(screen.getByText('123,4 %')).toBeInTheDocument();
    expect(screen.getByText('¡Atención! Pedir dinero prestado cuesta dinero')).toBeInTheDocument();
  });

  test('two calculators on a page fetch the price table once, and sliders never wait for the network', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    render(
      <Provider store={sessionStore}>
        <Calculator />
        <Calculator amount="100" term="5" />
      </Provider>,
    );
    const [first] = await screen.findAllByRole('slider', { name: 'Importe' });
    expect(http.history.get.filter((r) => r.url === '/v2/products/1/prices')).toHaveLength(1);
    fireEvent.change(first as HTMLElement, { target: { value: '5' } });
    expect(first).toHaveAttribute('aria-valuetext', `100${nbsp}€`);
    expect(screen.getAllByText('107,00 €').length).toBeGreaterThan(0);
    expect(http.history.get.filter((r) => r.url === '/v2/products/1/prices')).toHaveLength(1);
  });

  test('a free first loan shows the badge and no commission', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    show({ amount: 50, term: 5 });
    expect(await screen.findByText('Gratis')).toBeInTheDocument();
    expect(screen.getByText('Tu primer préstamo, sin comisión')).toBeInTheDocument();
  });

  test('a typed amount with two decimals snaps to the closest allowed step', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    show();
    const input = await screen.findByLabelText('Importe en euros');
    await userEvent.clear(input);
    await userEvent.type(input, '74,50{Enter}');
    expect(screen.getByRole('slider', { name: 'Importe' })).toHaveAttribute('aria-valuetext', `70${nbsp}€`);
    expect(screen.getByText('Hemos ajustado el importe al valor permitido más cercano.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '0,50{Enter}');
    expect(await screen.findByText(messages.incorrectData)).toBeInTheDocument();
  });

  test('an invalid promo code shows its message and is discarded; a valid one reprices', async () => {
    http.onGet('/v2/products/1/prices', { params: {} }).reply(200, table());
    http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(200, table(10));
    http.onPost('/v2/check-promocode', { promocode: 'NOPE' }).reply(422, {
      errors: [{ message: messages.promoCodeNotFound, property: 'promocode' }],
    });
    http.onPost('/v2/check-promocode', { promocode: 'CREDIMO10' }).reply(200, {
      valid: true,
      code: 'CREDIMO10',
      percent_commission: 10,
      percent_extension: null,
      percent_extension_price: null,
    });
    show({ amount: 100, term: 5 });
    const promo = await screen.findByLabelText('Código promocional');
    await userEvent.type(promo, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(messages.promoCodeNotFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Código promocional')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Código promocional'), 'credimo10');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Código CREDIMO10 aplicado')).toBeInTheDocument();
    // 100 EUR for 5 days: 5 EUR commission, 4.50 EUR with 10 % off.
    expect(await screen.findByText('104,50 €')).toBeInTheDocument();
  });

  test("a promo code reprices the customer's chosen amount and term, never the defaults", async () => {
    http.onGet('/v2/products/1/prices', { params: {} }).reply(200, table());
    http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(200, table(10));
    http.onPost('/v2/check-promocode', { promocode: 'CREDIMO10' }).reply(200, {
      valid: true,
      code: 'CREDIMO10',
      percent_commission: 10,
      percent_extension: null,
      percent_extension_price: null,
    });
    show();
    // The defaults are 80 EUR for 7 days; the customer moves to 100 EUR for 5 days.
    fireEvent.change(await screen.findByRole('slider', { name: 'Plazo' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Importe' }), { target: { value: '5' } });
    await userEvent.type(screen.getByLabelText('Código promocional'), 'CREDIMO10');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Código CREDIMO10 aplicado')).toBeInTheDocument();
    // 100 EUR for 5 days: 5 EUR commission, 4.50 EUR with 10 % off.
    expect(await screen.findByText('104,50 €')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Importe' })).toHaveAttribute('aria-valuetext', `100${nbsp}€`);
    expect(screen.getByRole('slider', { name: 'Plazo' })).toHaveAttribute('aria-valuetext', '5 días');
  });

  test('the API unreachable: a Spanish message and a retry, never a blank box', async () => {
    http.onGet('/v2/products/1/prices').networkErrorOnce();
    show();
    expect(await screen.findByText(/No hemos podido cargar los precios/)).toBeInTheDocument();
    http.onGet('/v2/products/1/prices').reply(200, table());
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('slider', { name: 'Importe' })).toBeInTheDocument();
  });

  test('"Solicitar" keeps the choice and the promo code for registration and goes to sign-in', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    const navigate = jest.fn();
    show({ amount: 90, term: 6, navigate });
    await userEvent.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(JSON.parse(localStorage.getItem(CHOICE_KEY) ?? '{}')).toEqual({ productId: 1, amount: 9000, term: 6 });
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  test('signed in, "Solicitar" goes straight to the application step', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    sessionStore.set(accessTokenAtom, 'token');
    const navigate = jest.fn();
    show({ amount: 90, term: 6, navigate });
    await userEvent.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(navigate).toHaveBeenCalledWith('/registration/application-change');
  });

  test('on a WordPress page "Solicitar" opens the app\'s sign-in with the choice and the promo code, not the site\'s /auth', async () => {
    http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(200, table(10));
    http.onPost('/v2/check-promocode', { promocode: 'CREDIMO10' }).reply(200, {
      valid: true,
      code: 'CREDIMO10',
      percent_commission: 10,
      percent_extension: null,
      percent_extension_price: null,
    });
    // The widget's mount always supplies a navigate (it follows full addresses); the loader passes the app's address.
    const navigate = jest.fn();
    show({ amount: 90, term: 6, promocode: 'CREDIMO10', applyUrl: 'https://app.credimo.test', navigate });
    await screen.findByText('Código CREDIMO10 aplicado');
    fireEvent.change(screen.getByRole('slider', { name: 'Importe' }), { target: { value: '5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(
      'https://app.credimo.test/auth?product=1&amount=10000&term=6&promocode=CREDIMO10',
    );
  });

  test('on another origin (WordPress) the choice travels in the address to sign-in', () => {
    expect(applyAddress('https://app.credimo.test/', { productId: 1, amount: 9000, term: 6 }, 'CREDIMO10')).toBe(
      'https://app.credimo.test/auth?product=1&amount=9000&term=6&promocode=CREDIMO10',
    );
  });

  test('hidden for a customer whose loan is open (the account shows the loan instead)', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    sessionStore.set(userAtom, { loan: { status: 0 } } as unknown as UserResponse);
    const { container } = show();
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
  });

  test('the SECCI link points at the offer for the chosen term and amount', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    show({ amount: 90, term: 6 });
    const link = await screen.findByRole('link', { name: /SECCI/ });
    expect(link).toHaveAttribute('href', 'http://api.test/v2/products/1/prices/6/9000/offer/html');
  });

  test('the due date is a Madrid date: at 23:30 UTC (00:30 in Madrid) 7 days from 15/03/2027 is 22/03/2027', async () => {
    jest.useFakeTimers({ now: Date.parse('2027-03-14T23:30:00Z'), advanceTimers: true });
    try {
      http.onGet('/v2/products/1/prices').reply(200, table());
      show({ amount: 90, term: 7 });
      await screen.findByRole('slider', { name: 'Plazo' });
      expect(screen.getByText('Fecha de devolución').parentElement).toHaveTextContent('Fecha de devolución22/03/2027');
    } finally {
      jest.useRealTimers();
    }
  });

  test("a shortcode's promo code: until it is checked and its table loaded, the figures stay, dimmed, then reprice", async () => {
    const answers: Array<() => void> = [];
    const later = (status: number, body: unknown) => () =>
      new Promise<[number, unknown]>((resolve) => answers.push(() => resolve([status, body])));
    http.onGet('/v2/products/1/prices', { params: {} }).reply(200, table());
    http.onPost('/v2/check-promocode').reply(
      later(200, {
        valid: true,
        code: 'CREDIMO10',
        percent_commission: 10,
        percent_extension: null,
        percent_extension_price: null,
      }),
    );
    http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(later(200, table(10)));
    show({ amount: 100, term: 5, promocode: 'CREDIMO10' });
    // 100 EUR for 5 days without the code: 105 EUR, dimmed while the code is checked.
    const total = await screen.findByText('105,00 €');
    const figures = () => total.closest('dl');
    expect(figures()).toHaveAttribute('aria-busy', 'true');
    await act(async () => answers.shift()?.());
    // The code is valid; its table is loading: the same box, still dimmed, never a loading text.
    expect(await screen.findByText('Código CREDIMO10 aplicado')).toBeInTheDocument();
    expect(screen.getByText('105,00 €').closest('dl')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Cargando precios…')).not.toBeInTheDocument();
    await act(async () => answers.shift()?.());
    const discounted = await screen.findByText('104,50 €');
    expect(discounted.closest('dl')).not.toHaveAttribute('aria-busy');
  });

  test('without a promo code the figures are never dimmed', async () => {
    http.onGet('/v2/products/1/prices').reply(200, table());
    show({ amount: 100, term: 5 });
    expect((await screen.findByText('105,00 €')).closest('dl')).not.toHaveAttribute('aria-busy');
  });

  test('the SECCI is priced with the promo code applied, as the calculator is', async () => {
    http.onGet('/v2/products/1/prices', { params: { discount: 'CREDIMO10' } }).reply(200, table(10));
    http.onGet('/v2/products/1/prices').reply(200, table());
    http.onPost('/v2/check-promocode').reply(200, {
      valid: true,
      code: 'CREDIMO10',
      percent_commission: 10,
      percent_extension: null,
      percent_extension_price: null,
    });
    show({ amount: 90, term: 6, promocode: 'CREDIMO10' });
    await screen.findByText(/CREDIMO10/);
    expect(screen.getByRole('link', { name: /SECCI/ })).toHaveAttribute(
      'href',
      'http://api.test/v2/products/1/prices/6/9000/offer/html?discount=CREDIMO10',
    );
  });

  test('signed in, the SECCI is fetched with the session (priced for the customer) and handed over as a file', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.onGet('/v2/products/1/prices').reply(200, table());
    http.onGet('/v2/products/1/prices/6/9000/offer/pdf').reply(200, new Blob(['%PDF'], { type: 'application/pdf' }));
    const names: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:test/1');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      show({ amount: 90, term: 6 });
      await userEvent.click(await screen.findByRole('link', { name: /SECCI/ }));
      await screen.findByRole('link', { name: /SECCI/ });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(names).toEqual(['informacion-normalizada-90-eur-6-dias.pdf']);
      const request = http.history.get.find((r) => r.url?.includes('/offer/pdf'));
      expect(request?.headers?.Authorization).toBe('Bearer customer-token');
    } finally {
      click.mockRestore();
    }
  });
});
