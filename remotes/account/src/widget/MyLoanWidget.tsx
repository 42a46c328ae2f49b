import {
  Alert,
  accessTokenAtom,
  formatMoney,
  handOffToApp,
  isOpenLoanStatus,
  loanStatusView,
  normaliseApiError,
  PATHS,
  refreshUser,
  type ScreenProps,
  userAtom,
  wireToDisplayDate,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import styles from './widget.module.css';

export interface MyLoanWidgetProps extends ScreenProps {
  /** The customer app's address (the WordPress settings' app URL, passed by the loader). */
  applyUrl?: string;
}

/**
 * Whether the page was marked, before its body was painted, as opened with the widgets' session cookie
 * (wordpress-plugin/includes/loader.php, credimo_print_session_mark): its placeholder then reserved the loan's
 * summary, and the widget keeps that box whatever it shows, so nothing below it moves.
 */
export const pageMarkedSignedIn = () => document.documentElement.hasAttribute('data-credimo-signed-in');

/**
 * "My loan" on a WordPress page: for a signed-in customer the current loan's status (in Spanish), amount,
 * due date and what repaying it today costs, with the way into the account; signed out, a short sign-in prompt;
 * without an open loan, the way to apply. Links into the app hand the session over (handOffToApp), never a token.
 */
export function MyLoanWidget({ applyUrl = '/', navigate: leave }: MyLoanWidgetProps) {
  const token = useAtomValue(accessTokenAtom);
  const user = useAtomValue(userAtom);
  const [failed, setFailed] = useState(false);
  const [reservesLoan] = useState(pageMarkedSignedIn);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (token && !user) refreshUser().catch(() => setFailed(true));
  }, [token, user]);

  const go = (path: string) => async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setProblem(null);
    try {
      await handOffToApp(applyUrl, path, (address) => leave(address));
    } catch (error) {
      setProblem(normaliseApiError(error).message);
    }
  };
  const appLink = (path: string) => `${applyUrl.replace(/\/+$/, '')}${path}`;

  const frame = (title: string, body: ReactNode) => (
    <section
      className={reservesLoan ? `${styles.widget} ${styles.signedIn}` : styles.widget}
      aria-labelledby="credimo-my-loan-title"
    >
      <h2 id="credimo-my-loan-title">{title}</h2>
      {problem && <Alert tone="error">{problem}</Alert>}
      {body}
    </section>
  );

  if (!token || failed) {
    return frame(
      'Mi préstamo',
      <>
        <p>Inicia sesión para ver tu préstamo.</p>
        <a className={styles.action} href={appLink(PATHS.auth)}>
          Iniciar sesión
        </a>
      </>,
    );
  }
  if (!user) {
    return frame('Mi préstamo', <p role="status">Cargando tu préstamo…</p>);
  }
  const loan = user.loan;
  if (!loan || !isOpenLoanStatus(loan.status)) {
    return frame(
      'Mi préstamo',
      <>
        <p>Ahora no tienes ningún préstamo en curso.</p>
        <a className={styles.action} href={appLink(PATHS.account)} onClick={go(PATHS.account)}>
          Solicitar un préstamo
        </a>
      </>,
    );
  }
  const status = loanStatusView(loan.status);
  const dueDate = loan.must_pay_date ?? null;
  const today = loan.calculations?.today.amount;
  return frame(
    'Mi préstamo',
    <>
      <p className={styles[status.type]}>{status.text}</p>
      <dl className={styles.facts}>
        <dt>Importe</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        {dueDate && (
          <>
            <dt>Fecha de devolución</dt>
            <dd>{wireToDisplayDate(dueDate)}</dd>
          </>
        )}
        {today !== undefined && (
          <>
            <dt>A devolver hoy</dt>
            <dd>{formatMoney(today)}</dd>
          </>
        )}
      </dl>
      <a className={styles.action} href={appLink(PATHS.account)} onClick={go(PATHS.account)}>
        Ir a mi cuenta
      </a>
    </>,
  );
}
