/**
 * @jest-environment node
 */
import { LoanStatus } from '@credimo/shared/domain';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { activeLoan, customer } from '@credimo/shared/testing/customers';
import { type AccountPaintData, accountMainMarkup, loadAccountPaintData } from './account-paint';

const IBAN = 'ES9121000418450200051332';
const none = new URLSearchParams();

/** A registered customer without a loan, a card or an IBAN: the account shows the auto-debit offer. */
function registered(overrides: Parameters<typeof customer>[1] = {}, bankAccounts: string[] = []): AccountPaintData {
  return {
    user: customer(null, { payment_cards: [], payment_card_request_status: null, ...overrides }),
    bankAccounts,
  };
}

const headings = (markup: string | null) => [...(markup ?? '').matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);

describe("the account's first paint draws the customer's cards as the account screen does (issue 17)", () => {
  test('without a loan: the auto-debit offer, in the account slot, on the no-loan view', () => {
    const markup = accountMainMarkup(registered(), none);
    expect(markup).toContain(
      '<div data-remote="account"><div class="fp-account-screen" data-screen="account" data-loan-view="none">',
    );
    expect(headings(markup)).toEqual([texts.autoDebit.title]);
    expect(markup).toContain(`<p>${texts.autoDebit.body}</p>`);
    expect(markup).toContain(`<button type="button" class="fp-kit-button">${texts.autoDebit.button}</button>`);
  });

  test('the known IBANs in groups of four, the first chosen, above the promo codes and the offer', () => {
    const markup = accountMainMarkup(
      registered({ discounts: [{ target: 'next_loan', percent: 15, description: 'En tu <próximo> préstamo' }] }, [
        IBAN,
        'ES7921000813610123456789',
      ]),
      none,
    );
    expect(headings(markup)).toEqual([texts.iban.title, texts.promo.title, texts.autoDebit.title]);
    expect(markup).toContain(`<option value="${IBAN}" selected>ES91 2100 0418 4502 0005 1332</option>`);
    expect(markup).toContain('<option value="ES7921000813610123456789">ES79 2100 0813 6101 2345 6789</option>');
    expect(markup).toContain(`<option value="">${texts.iban.other}</option>`);
    // What the customer's data holds is text, never markup.
    expect(markup).toContain('<strong>15 % de descuento</strong> En tu &lt;próximo&gt; préstamo');
  });

  test('a card, or a completed card request, leaves the offer out; one being checked says so; a failed one says why', () => {
    expect(headings(accountMainMarkup(registered({ payment_cards: [{ id: '1', pan: '4111' }] }), none))).toEqual([]);
    expect(accountMainMarkup(registered({ payment_card_request_status: 'Completed' }), none)).not.toContain(
      texts.autoDebit.title,
    );
    const processing = accountMainMarkup(registered({ payment_card_request_status: 'New' }), none);
    expect(processing).toContain(`<div class="fp-kit-alert fp-kit-alert-info">${texts.autoDebit.processing}</div>`);
    expect(processing).not.toContain(texts.autoDebit.button);
    const failed = accountMainMarkup(registered({ payment_card_request_status: 'Error' }), none);
    expect(failed).toContain(texts.autoDebit.failed);
    expect(failed).toContain(texts.autoDebit.button);
  });

  test('a repaid loan: the review card first, then the IBAN card', () => {
    const data = registered({ loan: activeLoan({ status: LoanStatus.Returned }) }, [IBAN]);
    const markup = accountMainMarkup(data, none);
    expect(markup).toContain('data-loan-view="closed"');
    expect(headings(markup)).toEqual([texts.review.title, texts.iban.title, texts.autoDebit.title]);
    expect(markup).toContain(`aria-label="${texts.review.stars(5)}"`);
  });

  test('sent from the calculator: the notice that a new loan cannot be taken, above the screen', () => {
    const markup = accountMainMarkup(registered(), new URLSearchParams('target_by=calculator'));
    expect(markup).toMatch(/^<div class="fp-kit-alert fp-kit-alert-warning">No puedes solicitar un préstamo nuevo/);
  });

  test('no cards where the app draws others: a loan in service, an application, an admin session, a redirect', () => {
    expect(accountMainMarkup(registered({ loan: activeLoan() }), none)).toBeNull();
    expect(accountMainMarkup(registered({ loan: activeLoan({ status: LoanStatus.New }) }), none)).toBeNull();
    expect(accountMainMarkup(registered({ session: { kind: 'admin', actor: 'eva' } }), none)).toBeNull();
    // A blocked customer is sent to the blocked page (SPEC section 2, rule 1).
    expect(
      accountMainMarkup(registered({ permissions: { is_blocked: true, authorization_status: 3 } }), none),
    ).toBeNull();
  });
});

describe("the server asks the API with the customer's own token, and never waits long", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  test('the user and the known IBANs, with the bearer token of the session cookie', async () => {
    const asked: Array<[string, string | null]> = [];
    global.fetch = jest.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      asked.push([path, new Headers(init?.headers).get('authorization')]);
      return Response.json(path === '/v2/user' ? registered().user : [IBAN]);
    }) as typeof fetch;
    const data = await loadAccountPaintData('http://api.test', 'a=1; credimo_access_token=t%3D1');
    expect(data?.bankAccounts).toEqual([IBAN]);
    expect(asked.sort()).toEqual([
      ['/v2/user', 'Bearer t=1'],
      ['/v2/user/available_bank_accounts', 'Bearer t=1'],
    ]);
  });

  test('nothing is asked without a session, under an impersonation or with a developer API', async () => {
    global.fetch = jest.fn() as typeof fetch;
    expect(await loadAccountPaintData('http://api.test', undefined)).toBeNull();
    expect(
      await loadAccountPaintData('http://api.test', 'credimo_access_token=t; credimo_impersonate_token=i'),
    ).toBeNull();
    expect(await loadAccountPaintData('http://api.test', 'credimo_access_token=t; credimo_dev_api_url=x')).toBeNull();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  test('an API that refuses or does not answer in time costs the cards, not the page', async () => {
    global.fetch = jest.fn(async () => new Response('{}', { status: 401 })) as typeof fetch;
    expect(await loadAccountPaintData('http://api.test', 'credimo_access_token=t')).toBeNull();
    global.fetch = jest.fn(
      (_url: URL | RequestInfo, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    ) as typeof fetch;
    expect(await loadAccountPaintData('http://api.test', 'credimo_access_token=t', 20)).toBeNull();
  });
});
