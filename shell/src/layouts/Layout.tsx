import {
  Alert,
  DEFAULT_PRODUCT_ID,
  type LayoutName,
  loadPricesWithStoredPromo,
  messages,
  PROGRESS_STEPS,
  progressStepFor,
} from '@credimo/shared';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alerts } from './Alerts';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './layout.module.css';
import { SessionBanner } from './SessionBar';
import { useDefaultUserPolling } from './user-polling';

/**
 * The query target_by=calculator shows a notice that a new loan cannot be taken. It is for
 * customers sent from the calculator while a loan is open, when the calculator itself is not shown, so the
 * account layout shows it above whatever screen is there.
 */
function AccountNotices() {
  const [search] = useSearchParams();
  if (search.get('target_by') !== 'calculator') return null;
  return <Alert tone="warning">{messages.cannotTakeNewLoan}</Alert>;
}

/** The registration layout's progress steps; hidden on the pages progressStepFor names. */
function ProgressSteps({ route }: { route: string }) {
  const current = progressStepFor(route);
  if (current === null) return null;
  return (
    <nav aria-label="Progreso de tu solicitud">
      <ol className={styles.progress}>
        {PROGRESS_STEPS.map((step, index) => (
          <li
            key={step.key}
            aria-current={index === current ? 'step' : undefined}
            data-done={index < current ? 'true' : undefined}
          >
            <span aria-hidden="true">{index + 1}</span> {step.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The four layouts: login, registration, account, and the centred one. */
export function Layout({ name, route, children }: { name: LayoutName; route: string; children: ReactNode }) {
  useEffect(() => {
    if (name === 'registration') void loadPricesWithStoredPromo(DEFAULT_PRODUCT_ID).catch(() => {});
  }, [name]);
  // The sign-in pages have no user to poll yet; every other layout polls every 30 s, as the account does.
  useDefaultUserPolling(name !== 'login');
  if (name === 'centred') {
    return (
      <div data-layout={name}>
        <SessionBanner />
        <div className={styles.centred}>
          <main>{children}</main>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page} data-layout={name}>
      <SessionBanner />
      <Header layout={name} route={route} />
      {name === 'registration' && <ProgressSteps route={route} />}
      <main className={styles.main}>
        {(name === 'login' || name === 'account') && <Alerts />}
        {name === 'account' && <AccountNotices />}
        {children}
      </main>
      <Footer big={name === 'account'} />
    </div>
  );
}
