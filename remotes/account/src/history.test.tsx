import { LoanStatus, type LoanView, loanAtom, sessionStore, userAtom } from '@credimo/shared';
import { activeLoan, customer } from '@credimo/shared/testing/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveTo } from './browser';
import { HistoryScreen } from './HistoryScreen';
import { resetInbox } from './inbox';
import { mockApiPerTest, showScreen } from './test-utils';

jest.mock('./browser', () => ({ leaveTo: jest.fn() }));

const http = mockApiPerTest();

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

  test('agreement links expand per loan', async () => {
    http.current.onGet('/v2/loans').reply(200, loans(1));
    showScreen(HistoryScreen, { screen: 'accountHistory' });
    const toggle = await screen.findByRole('button', { name: 'Ver documentos del préstamo CR100' });
    expect(screen.queryByRole('link', { name: 'Contrato de préstamo' })).toBeNull();
    await userEvent.click(toggle);
    expect(screen.getByRole('link', { name: 'Contrato de préstamo' })).toHaveAttribute(
      'href',
      'http://api.test/v2/loan/agreements/100?e=1',
    );
    expect(screen.getByRole('button', { name: 'Ocultar documentos del préstamo CR100' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
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
    await userEvent.click(screen.getByRole('link', { name: 'Contrato de préstamo' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://api.test/new'));
    expect(http.current.history.get.filter((r) => r.url === '/v2/loans')).toHaveLength(2);
  });
});
