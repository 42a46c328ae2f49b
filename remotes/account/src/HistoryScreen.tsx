import {
  Alert,
  Button,
  fill,
  formatMoney,
  type LoanView,
  madridToday,
  normaliseApiError,
  openDocument,
  type ScreenProps,
  wireToDisplayDate,
} from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useCallback, useEffect, useState } from 'react';
import styles from './account.module.css';
import { accountCalls } from './calls';
import { useAccountPolling } from './inbox';
import { Contacts } from './rights/lazy';
import { HISTORY_PAGE_SIZE, isLinkStale, pageItems } from './rules';

const t = texts.history;

/** The loan history, 5 per page, with pagination (current neighbours and ellipses). */
export function HistoryScreen({ screen }: ScreenProps) {
  useAccountPolling();
  const [loans, setLoans] = useState<LoanView[] | null>(null);
  const [page, setPage] = useState(1);

  const load = useCallback(async () => {
    const list = await accountCalls.loans();
    setLoans(list);
    return list;
  }, []);

  useEffect(() => {
    void load().catch(() => setLoans([]));
  }, [load]);

  const pages = Math.ceil((loans?.length ?? 0) / HISTORY_PAGE_SIZE);
  const shown = (loans ?? []).slice((page - 1) * HISTORY_PAGE_SIZE, page * HISTORY_PAGE_SIZE);
  return (
    <div className={styles.screen} data-screen={screen}>
      <h1>{t.title}</h1>
      {loans === null ? (
        <p>{t.loading}</p>
      ) : loans.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {shown.map((loan) => (
              <li key={loan.id}>
                <HistoryItem loan={loan} reload={load} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {loans !== null && loans.length > 0 && <Contacts />}
    </div>
  );
}

/** What was paid on a loan, in cents. */
const paidOf = (payments: ReadonlyArray<{ amount: number }>) => payments.reduce((sum, p) => sum + p.amount, 0);

function HistoryItem({ loan, reload }: { loan: LoanView; reload: () => Promise<LoanView[]> }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listId = `agreements-${loan.id}`;
  const payments = loan.payments ?? [];
  const extensionCosts = paidOf(payments.filter((p) => p.payment_type === 'prolongation'));
  /**
   * The agreement is the customer's own: a plain link cannot carry the session's token, so it is fetched with it
   * and saved as a file. A link within 5 s of its expiry counts as expired: the loans are fetched
   * again first.
   */
  const openAgreement = async (index: number) => {
    setFailure(null);
    try {
      let agreement = loan.agreements[index];
      if (agreement && isLinkStale(agreement.expires_at, Date.now()))
        agreement = (await reload()).find((l) => l.id === loan.id)?.agreements[index];
      if (agreement) await openDocument(agreement.link, agreement.name);
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  };
  return (
    <article className={styles.card} aria-labelledby={`loan-${loan.id}`}>
      <h2 id={`loan-${loan.id}`}>{loan.public_id}</h2>
      <dl className={styles.summary}>
        <dt>{t.requestDate}</dt>
        <dd>{wireToDisplayDate(madridToday(new Date(loan.request_date)))}</dd>
        <dt>{t.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{t.returnAmount}</dt>
        <dd>{formatMoney(loan.return_amount)}</dd>
        {payments.length > 0 && (
          <>
            <dt>{t.paid}</dt>
            <dd>{formatMoney(paidOf(payments))}</dd>
          </>
        )}
        {extensionCosts > 0 && (
          <>
            <dt>{t.extensionCosts}</dt>
            <dd>{formatMoney(extensionCosts)}</dd>
          </>
        )}
        <dt>{t.status}</dt>
        <dd>{loan.status_text}</dd>
      </dl>
      {payments.length > 0 && (
        <>
          <h3>{t.payments}</h3>
          <ul className={styles.list} aria-label={`${t.payments} ${loan.public_id}`}>
            {payments.map((payment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: payments have no identity of their own here
              <li key={index}>
                {[
                  wireToDisplayDate(payment.date),
                  t.paymentTypes[payment.payment_type] ?? payment.payment_type,
                  t.paymentMethods[payment.method] ?? payment.method,
                  formatMoney(payment.amount),
                ].join(' · ')}
              </li>
            ))}
          </ul>
        </>
      )}
      <Button variant="link" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        {open ? fill(t.hideAgreements, { id: loan.public_id }) : fill(t.showAgreements, { id: loan.public_id })}
      </Button>
      {open && (
        <div id={listId}>
          {loan.agreements.length === 0 ? (
            <p className={styles.muted}>{t.noAgreements}</p>
          ) : (
            <ul>
              {loan.agreements.map((agreement, index) => (
                <li key={`${agreement.type}-${agreement.link}`}>
                  <Button variant="link" onClick={() => void openAgreement(index)}>
                    {agreement.name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {failure && <Alert tone="error">{failure}</Alert>}
        </div>
      )}
    </article>
  );
}

/** First and last pages, the current one with its neighbours, ellipses between. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pages} className={styles.pagination}>
      <ul>
        <li>
          <Button variant="secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
            {t.previous}
          </Button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === page ? 'primary' : 'secondary'}
                aria-label={fill(t.page, { n: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button variant="secondary" disabled={page === pages} onClick={() => onPage(page + 1)}>
            {t.next}
          </Button>
        </li>
      </ul>
    </nav>
  );
}
