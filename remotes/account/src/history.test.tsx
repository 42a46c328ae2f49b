import { accessTokenAtom, LoanStatus, type LoanView, loanAtom, sessionStore, userAtom } from '@credimo/shared';
import { activeLoan, customer } from '@credimo/shared/testing/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryScreen } from './HistoryScreen';
import { resetInbox } from './inbox';
import { mockApiPerTest, showScreen } from './test-utils';

const http = mockApiPerTest();

/** The files handed to the browser (an object address clicked with a download name), as the customer gets them. */
function savedFiles() {
  const saved: Array<{ name: string; type: string }> = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const address = `blob:test/${blobs.size}`;
    blobs.set(address, blob);
    return address;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: blobs.get(this.href)?.type ?? '' });
  });
  return saved;
}

afterEach(() => jest.restoreAllMocks());

const loans = (n: number): LoanView[] =>
  Array.from({ length: n }, (_, i) =>
    activeLoan({
      id: String(100 + i),
      public_id: `CR${100 + i}`,
      status: LoanStatus.Returned,
      status_text: 'Préstamo devuelto',
      agreements: [{ link: `/v2/loan/agreements/${100 + i}?e=1`, type: 'agreement', name: 'Contrato de préstamo' }],
    }),
  );

beforeEach(() => {
  resetInbox();
  sessionStore.set(userAtom, customer(null));
  sessionStore.set(loanAtom, null);
  http.current.onGet('/v2/notifications/inbox').reply(200, []);
});

describe('/account/history', () => {
  test('without loans it says so', async () => {
    http.current.onGet('/v2/loans').reply(200, []);
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    expect(await screen.findByText('Todavía no tienes préstamos.')).toBeInTheDocument();
  });

  test('5 per page, with pages, neighbours and ellipses', async () => {
    http.current.onGet('/v2/loans').reply(200, loans(23));
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    await screen.findByRole('heading', { name: 'CR100' });
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const pages = screen.getByRole('navigation', { name: 'Páginas del historial' });
    const labels = () => [...pages.querySelectorAll('li')].map((li) => li.textContent);
    expect(labels()).toEqual(['Anterior', '1', '2', '…', '5', 'Siguiente']);
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Página 2' }));
    await userEvent.click(within(pages).getByRole('button', { name: 'Página 3' }));
    expect(labels()).toEqual(['Anterior', '1', '2', '3', '4', '5', 'Siguiente']);
    expect(within(pages).getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'CR110' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Página 5' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  test('the signed agreement opens as a file fetched with the session, under its name (a plain link carries no token)', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.current.onGet('/v2/loans').reply(200, loans(1));
    http.current.onGet('/v2/loan/agreements/100?e=1').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const saved = savedFiles();
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    const toggle = await screen.findByRole('button', { name: 'Ver documentos del préstamo CR100' });
    expect(screen.queryByRole('button', { name: 'Contrato de préstamo' })).toBeNull();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar documentos del préstamo CR100' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Contrato de préstamo' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'Contrato de préstamo', type: 'application/pdf' }]));
    const [request] = http.current.history.get.filter((r) => r.url?.startsWith('/v2/loan/agreements/'));
    expect(request?.headers?.Authorization).toBe('Bearer customer-token');
  });

  test('an agreement the API refuses says why in Spanish instead of opening a page of raw JSON', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.current.onGet('/v2/loans').reply(200, loans(1));
    const refusal = { errors: [{ message: 'El enlace ha caducado.', property: 'request' }] };
    http.current
      .onGet('/v2/loan/agreements/100?e=1')
      .reply(410, new Blob([JSON.stringify(refusal)], { type: 'application/json' }));
    const saved = savedFiles();
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver documentos del préstamo CR100' }));
    await userEvent.click(screen.getByRole('button', { name: 'Contrato de préstamo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace ha caducado.');
    expect(saved).toEqual([]);
  });

  test('a repaid loan shows what was paid, each payment with its date, kind, method and amount, and the extension costs', async () => {
    const [repaid] = loans(1);
    (repaid as LoanView).return_amount = 47_200;
    (repaid as LoanView).payments = [
      { date: '2026-12-10', method: 'card', payment_type: 'prolongation', amount: 4_092 },
      { date: '2026-12-20', method: 'bizum', payment_type: 'partial_repay', amount: 10_000 },
      { date: '2027-01-05', method: 'transfer', payment_type: 'payoff', amount: 37_200 },
    ];
    http.current.onGet('/v2/loans').reply(200, [repaid]);
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    const item = await screen.findByRole('article', { name: 'CR100' });
    expect(within(item).getByText('Pagado').nextSibling).toHaveTextContent('512,92');
    expect(within(item).getByText('Coste de las prórrogas').nextSibling).toHaveTextContent('40,92');
    const receipts = within(item).getByRole('list', { name: 'Pagos CR100' });
    expect(
      within(receipts)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      '10/12/2026 · Prórroga · Tarjeta · 40,92 €',
      '20/12/2026 · Pago parcial · Bizum · 100,00 €',
      '05/01/2027 · Pago total · Transferencia bancaria · 372,00 €',
    ]);
  });

  test('a link within 5 s of its expiry fetches the loans again and opens the fresh link', async () => {
    const stale = loans(1);
    (stale[0] as LoanView).agreements = [
      {
        link: '/old',
        type: 'agreement',
        name: 'Contrato de préstamo',
        expires_at: new Date(Date.now() + 3_000).toISOString(),
      },
    ];
    const fresh = loans(1);
    (fresh[0] as LoanView).agreements = [
      {
        link: '/new',
        type: 'agreement',
        name: 'Contrato de préstamo',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      },
    ];
    http.current.onGet('/v2/loans').replyOnce(200, stale).onGet('/v2/loans').reply(200, fresh);
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver documentos del préstamo CR100' }));
    http.current.onGet('/new').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const saved = savedFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Contrato de préstamo' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(http.current.history.get.filter((r) => r.url === '/old')).toHaveLength(0);
    expect(http.current.history.get.filter((r) => r.url === '/v2/loans')).toHaveLength(2);
  });
});
