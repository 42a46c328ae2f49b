import { Button, LoanStatus, type LoanView } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import { forbearance as t } from '@credimo/shared/i18n/screens/forbearance';
import { lazy, Suspense } from 'react';
import styles from '../account.module.css';

const IN_SERVICE: readonly number[] = [LoanStatus.Active, LoanStatus.Extended, LoanStatus.Overdue];

/** The account's way to the forbearance page, for a loan still in service (its page loads only when opened). */
export function ForbearanceLink({ loan, navigate }: { loan: LoanView; navigate: (to: string) => void }) {
  if (!IN_SERVICE.includes(loan.status)) return null;
  return (
    <section className={styles.card} aria-labelledby="forbearance-link-title">
      <h2 id="forbearance-link-title">{t.link.title}</h2>
      <p>{t.link.body}</p>
      <Button variant="secondary" onClick={() => navigate(PATHS.accountForbearance)}>
        {t.link.open}
      </Button>
    </section>
  );
}

const Page = lazy(() => import('./ForbearanceScreen').then((module) => ({ default: module.ForbearanceScreen })));

/** The forbearance page, loaded on demand so the account's first load does not carry it. */
export function LazyForbearanceScreen(props: Parameters<typeof Page>[0]) {
  return (
    <Suspense fallback={<p className={styles.muted}>{t.loading}</p>}>
      <Page {...props} />
    </Suspense>
  );
}
