/**
 * @jest-environment node
 */

import type { UserResponse } from '@credimo/shared/contract';
import { LoanStatus } from '@credimo/shared/domain';
import { formatMoney } from '@credimo/shared/format';
import { fill, plural } from '@credimo/shared/i18n/fill';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { origination } from '@credimo/shared/i18n/screens/origination';
import { shell } from '@credimo/shared/i18n/screens/shell';
import {
  activeLoan,
  cessionBuyer,
  customer,
  extensionTerms,
  openWithdrawal,
  repaymentRange,
} from '@credimo/shared/testing/customers';
import type { LoanOffers } from './account-loan-paint';
import { type AccountPaintData, accountMainMarkup, loadAccountPaintData, sessionBannerMarkup } from './account-paint';

const IBAN = 'ES9121000418450200051332';
const none = new URLSearchParams();

/** A registered customer without a loan, a card or an IBAN: the account shows the auto-debit offer. */
function registered(overrides: Parameters<typeof customer>[1] = {}, bankAccounts: string[] = []): AccountPaintData {
  return {
    user: customer(null, { payment_cards: [], payment_card_request_status: null, ...overrides }),
    bankAccounts,
  };
}

const headings = (markup: string | null | undefined) =>
  [...(markup ?? '').matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);

describe("the account's first paint draws the customer's cards as the account screen does", () => {
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
    expect(
      headings(
        accountMainMarkup(
          registered({ payment_cards: [{ id: '1', pan: '4111', expiry_month: 12, expiry_year: 2099 }] }),
          none,
        ),
      ),
    ).toEqual([]);
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
    expect(markup).toContain(`aria-label="${plural(texts.review.stars, 5)}"`);
  });

  test('sent from the calculator: the notice that a new loan cannot be taken, above the screen', () => {
    const markup = accountMainMarkup(registered(), new URLSearchParams('target_by=calculator'));
    expect(markup).toMatch(/^<div class="fp-kit-alert fp-kit-alert-warning">No puedes solicitar un préstamo nuevo/);
  });

  test("an operator's session gets the customer's cards, as the app draws them for it", () => {
    const own = accountMainMarkup(registered(), none);
    expect(own).not.toBeNull();
    expect(accountMainMarkup(registered({ session: { kind: 'admin', actor: 'eva' } }), none)).toBe(own);
    expect(accountMainMarkup(registered({ session: { kind: 'agent', actor: 'laura' } }), none)).toBe(own);
  });

  test("an operator's session opens with its banner; the customer's own session with none", () => {
    const banner = (session: UserResponse['session']) => sessionBannerMarkup(registered({ session }).user);
    expect(banner({ kind: 'admin', actor: 'eva' })).toBe(
      `<div class="fp-layout-sessionBanner" data-session-kind="admin">${fill(shell.adminSession, { who: 'eva', phone: '+34 612 34 56 78' })}</div>`,
    );
    expect(banner({ kind: 'agent', actor: 'laura' })).toContain(
      fill(shell.agentSession, { who: 'laura', phone: '+34 612 34 56 78' }),
    );
    expect(banner({ kind: 'customer', actor: null })).toBe('');
  });

  test('no cards where the app draws others: a redirect', () => {
    // A loan in service without its offers (the API did not give them) is not painted either.
    expect(accountMainMarkup(registered({ loan: activeLoan() }), none)).toBeNull();
    // A blocked customer is sent to the blocked page (rule 1).
    expect(
      accountMainMarkup(registered({ permissions: { is_blocked: true, authorization_status: 3 } }), none),
    ).toBeNull();
  });
});

describe("an application: the account's offers, and below them the registration remote's loan progress", () => {
  const application = (overrides: Parameters<typeof activeLoan>[0], user: Parameters<typeof customer>[1] = {}) =>
    accountMainMarkup(registered({ loan: activeLoan(overrides), ...user }), none);

  test('being decided: the offers alone, no progress', () => {
    const markup = application({ status: LoanStatus.New });
    expect(markup).toContain('data-loan-view="application"');
    expect(headings(markup)).toEqual([texts.autoDebit.title]);
    expect(markup).not.toContain('data-remote="registration"');
  });

  test('signed and past the auto-debit step: the contract signed, the amount and the reference, below the offers', () => {
    const markup = application({
      status: LoanStatus.ContractSigned,
      auto_debit_step_completed: true,
      request_amount: 30000,
    });
    expect(headings(markup)).toEqual([texts.autoDebit.title, origination.moneyOnTheWay.signedTitle]);
    expect(markup).toMatch(
      /<\/div><\/div><div data-remote="registration"><section class="fp-screen-screen fp-screen-narrow" data-screen="accountLoanProgress:moneyOnTheWay"/,
    );
    expect(markup).toContain(`<dd>${formatMoney(30000)}</dd>`);
    expect(markup).toContain('<p>Referencia: CR100007</p>');
  });

  test('signed with a card on file, the step still open: signed too (the app completes it with that card)', () => {
    const markup = application(
      { status: LoanStatus.ContractSigned, auto_debit_step_completed: false },
      { payment_cards: [{ id: '1', pan: '4111', expiry_month: 12, expiry_year: 2099 }] },
    );
    expect(headings(markup)).toEqual([origination.moneyOnTheWay.signedTitle]);
    // Without a card the customer belongs on the auto-debit step, not here: no progress.
    expect(application({ status: LoanStatus.ContractSigned, auto_debit_step_completed: false })).not.toContain(
      'data-remote="registration"',
    );
  });

  test('paid out and on its way; returned by the bank: the reason, the retry and the phone', () => {
    expect(headings(application({ status: LoanStatus.Processing }))).toEqual([
      texts.autoDebit.title,
      origination.moneyOnTheWay.title,
    ]);
    const returned = application({ status: LoanStatus.ProcessingFail, status_text: 'Cuenta <cerrada>' });
    expect(headings(returned)).toEqual([texts.autoDebit.title, origination.payoutFailed.title]);
    expect(returned).toContain('<div class="fp-kit-alert fp-kit-alert-error">Cuenta &lt;cerrada&gt;</div>');
    expect(returned).toContain(
      `<div class="fp-origination-actions"><button type="button" class="fp-kit-button">${origination.payoutFailed.retry}</button></div>`,
    );
    expect(returned).toContain(fill(origination.payoutFailed.help, { phone: '+34 900 000 000' }));
  });
});

const REPAYMENT_RANGE = repaymentRange;
const EXTENSION_TERMS = extensionTerms([7, 14, 30], 14);

/** A customer with a loan in service and both its offers. */
function inService(
  loan = activeLoan(),
  offers: LoanOffers = { repayment: REPAYMENT_RANGE, prolongation: EXTENSION_TERMS },
): AccountPaintData {
  return { ...registered({ loan, discounts: [{ target: 'next_loan', percent: 15, description: 'Otro' }] }), offers };
}

describe('a loan in service is painted as the account screen draws it, from the loan and its two offers', () => {
  test('the loan detail, the repayment card at today’s total, the prolongation card at the default term, then the offers', () => {
    // Money is written with a no-break space before the euro sign (formatMoney); read here as a plain one.
    const markup = accountMainMarkup(inService(), none)?.replace(/\u00a0/g, ' ');
    expect(markup).toContain('data-loan-view="service"');
    expect(headings(markup)).toEqual([
      texts.loan.title,
      texts.repayment.title,
      texts.prolongation.title,
      texts.promo.title,
      texts.autoDebit.title,
    ]);
    expect(markup).toContain('<dt>Referencia</dt><dd>CR100007</dd>');
    expect(markup).toContain('<dt>Fecha de devolución</dt><dd>02/12/2026</dd>');
    expect(markup).toContain('max="100" value="67"');
    expect(markup).toContain('<span>Quedan 10 días</span><span>Plazo: 30 días</span>');
    expect(markup).toContain('<dd class="fp-account-amount">360,00 €</dd>');
    expect(markup).toContain('type="range" min="10" max="36000" step="10" value="36000" aria-valuetext="360,00 €"');
    expect(markup).toContain('<button type="button" class="fp-kit-button">Pagar 360,00 €</button>');
    expect(markup).toContain('<option value="14" selected>14 días</option>');
    expect(markup).toContain(
      '<dt>Coste de la prórroga</dt><dd>42,00 €</dd><dt>Nueva fecha de devolución</dt><dd>01/01/2027</dd>',
    );
  });

  test('3 days left: the help banner first; late: the days late instead of the days left, the bar full', () => {
    expect(headings(accountMainMarkup(inService(activeLoan({ days: { total: 30, left: 3 } })), none))[0]).toBe(
      texts.help.title,
    );
    const late = accountMainMarkup(
      inService(activeLoan({ status: LoanStatus.Overdue, days: { total: 30, left: 0, late: 4 } })),
      none,
    );
    expect(late).toContain('<span class="fp-account-late">4 días de retraso</span><span>Plazo: 30 días</span>');
    expect(late).toContain('max="100" value="100"');
  });

  test('seven terms or more are a slider; a loan that cannot be extended, or an offer refused, has no such card', () => {
    const many = [1, 2, 3, 4, 5, 6, 7];
    const slider = accountMainMarkup(
      inService(activeLoan(), {
        repayment: REPAYMENT_RANGE,
        prolongation: extensionTerms(many, 5),
      }),
      none,
    );
    expect(slider).toContain(
      'id="fp-prolongation-term" class="fp-account-slider" type="range" min="0" max="6" step="1" value="4"',
    );
    expect(headings(accountMainMarkup(inService(activeLoan({ extendable: false })), none))).not.toContain(
      texts.prolongation.title,
    );
    const refused = accountMainMarkup(inService(activeLoan(), { repayment: null, prolongation: null }), none);
    expect(headings(refused)).toEqual([texts.loan.title, texts.promo.title, texts.autoDebit.title]);
  });

  test('a payment waiting for the bank: the processing card above the loan detail, no payment card', () => {
    const markup = accountMainMarkup(registered({ loan: activeLoan({ has_pending_payment: true }) }), none);
    expect(markup).toContain('data-loan-view="processing"');
    expect(markup).toContain(
      '<section class="fp-account-card fp-account-warning" aria-labelledby="fp-processing-title">',
    );
    expect(headings(markup)).toEqual([texts.processing.title, texts.loan.title, texts.autoDebit.title]);
  });

  test('a sold loan: the cession notice with the buyer and where to pay them, no amounts, then the offers', () => {
    const loan = activeLoan({
      status: LoanStatus.Sold,
      status_text: 'Vendido',
      cession_portfolio: { sold_date: '2026-11-20', cession_buyer: cessionBuyer },
    });
    const markup = accountMainMarkup(registered({ loan }), none);
    expect(markup).toContain('data-loan-view="sold"');
    expect(markup).toContain('<section class="fp-account-card fp-account-warning" aria-labelledby="fp-cession-title">');
    expect(headings(markup)).toEqual([texts.cession.title, texts.autoDebit.title]);
    expect(markup).toContain(`<dt>${texts.loan.reference}</dt><dd>CR100007</dd>`);
    expect(markup).toContain(`<dt>${texts.cession.soldDate}</dt><dd>20/11/2026</dd>`);
    expect(markup).toContain('<dd>Cobros &lt;Ibéricos&gt; SA</dd>');
    expect(markup).toContain('<a href="tel:+34910000111">+34 910 000 111</a>');
    expect(markup).toContain('<a href="mailto:pagos@cobros.example">pagos@cobros.example</a>');
    expect(markup).toContain(`<dt>${texts.cession.swift}</dt><dd>CAIXESBBXXX</dd>`);
    expect(markup).not.toContain(texts.loan.title);

    // Presale is still repayable: its repayment card needs the offer, so the app draws that view itself.
    const presale = accountMainMarkup(
      registered({ loan: activeLoan({ status: LoanStatus.Presale, cession_portfolio: null }) }),
      none,
    );
    expect(presale).toBeNull();
  });

  test('the 14-day withdrawal while it lasts, and its acknowledgement once used', () => {
    const open = openWithdrawal;
    expect(accountMainMarkup(inService(activeLoan({ withdrawal: open })), none)).toContain(
      'Tienes hasta el 16/11/2026 para desistir',
    );
    const used = accountMainMarkup(
      inService(
        activeLoan({
          withdrawal: { ...open, available: false, requested_on: '2026-11-05', acknowledgement: 'Has <desistido>' },
        }),
      ),
      none,
    );
    expect(used).toContain(
      `<h2 id="fp-withdrawal-title">${texts.withdrawal.doneTitle}</h2><p>Has &lt;desistido&gt;</p>`,
    );
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

  test('for a loan in service also its repayment range and extension terms; a refused offer is no card', async () => {
    const asked: string[] = [];
    global.fetch = jest.fn(async (url: URL | RequestInfo) => {
      const path = new URL(String(url)).pathname;
      asked.push(path);
      if (path === '/v2/loan/prolong') return Response.json({ message: 'no' }, { status: 422 });
      if (path === '/v2/loan/partial_repay') return Response.json(REPAYMENT_RANGE);
      return Response.json(path === '/v2/user' ? inService().user : []);
    }) as typeof fetch;
    const data = await loadAccountPaintData('http://api.test', 'credimo_access_token=t');
    expect(data?.offers).toEqual({ repayment: REPAYMENT_RANGE, prolongation: null });
    expect(asked.sort()).toEqual([
      '/v2/loan/partial_repay',
      '/v2/loan/prolong',
      '/v2/user',
      '/v2/user/available_bank_accounts',
    ]);
  });

  test('a loan in service whose offers do not come in time: no cards at all', async () => {
    global.fetch = jest.fn((url: URL | RequestInfo, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      if (path.startsWith('/v2/loan/'))
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      return Promise.resolve(Response.json(path === '/v2/user' ? inService().user : []));
    }) as typeof fetch;
    expect(await loadAccountPaintData('http://api.test', 'credimo_access_token=t', 20)).toBeNull();
  });

  test("an admin's impersonation is asked with its own token, as the app asks (before the customer's)", async () => {
    const tokens = new Set<string | null>();
    global.fetch = jest.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
      tokens.add(new Headers(init?.headers).get('authorization'));
      return Response.json(new URL(String(url)).pathname === '/v2/user' ? registered().user : []);
    }) as typeof fetch;
    expect(
      await loadAccountPaintData('http://api.test', 'credimo_access_token=t; credimo_impersonate_token=i'),
    ).not.toBeNull();
    expect([...tokens]).toEqual(['Bearer i']);
  });

  test('nothing is asked without a session or with a developer API', async () => {
    global.fetch = jest.fn() as typeof fetch;
    expect(await loadAccountPaintData('http://api.test', undefined)).toBeNull();
    expect(await loadAccountPaintData('http://api.test', 'credimo_access_token=; other=1')).toBeNull();
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
