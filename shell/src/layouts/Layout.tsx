import {
  Alert,
  DEFAULT_PRODUCT_ID,
  findRoute,
  type LayoutName,
  loadPricesWithStoredPromo,
  messages,
  PROGRESS_STEPS,
  progressStepFor,
  siteContentAtom,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alerts } from './Alerts';
import { Header } from './Header';
import styles from './layout.module.css';
import { SessionBanner } from './SessionBar';
import { useDefaultUserPolling } from './user-polling';

function LinkList({ title, links }: { title: string; links: Array<{ title: string; url: string }> }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={title}>
      <h2 className={styles.footerTitle}>{title}</h2>
      <ul className={styles.footerLinks}>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * SPEC section 2: "Query target_by=calculator shows a notice that a new loan cannot be taken". It is for
 * customers sent from the calculator while a loan is open, when the calculator itself is not shown, so the
 * account layout shows it above whatever screen is there.
 */
function AccountNotices() {
  const [search] = useSearchParams();
  if (search.get('target_by') !== 'calculator') return null;
  return <Alert tone="warning">{messages.cannotTakeNewLoan}</Alert>;
}

/** The static help page on how to repay (SPEC section 2), when the content site's menus do not link it already. */
function RepaymentHelpLink({ menus }: { menus: Array<Array<{ url: string }>> }) {
  const help = findRoute('repaymentHelp');
  if (!help || menus.some((menu) => menu.some((link) => link.url === help.path))) return null;
  return (
    <p>
      <Link to={help.path}>{messages.repaymentHelpLink}</Link>
    </p>
  );
}

/** SPEC section 2: big and small footers; contacts, menu lists and copyright come from the content site. */
function Footer({ big }: { big: boolean }) {
  const { footer, contacts } = useAtomValue(siteContentAtom);
  return (
    <footer className={big ? styles.footerBig : styles.footer}>
      {big && (
        <div className={styles.footerColumns}>
          <section aria-label={footer.contacts_title}>
            <h2 className={styles.footerTitle}>{footer.contacts_title}</h2>
            <p>
              <a href={`tel:${footer.phone.replace(/\s/g, '')}`}>{footer.phone}</a>
              <br />
              <a href={`mailto:${footer.email}`}>{footer.email}</a>
              <br />
              {footer.address}
              <br />
              {contacts.schedule}
            </p>
          </section>
          <LinkList title={footer.menu_title} links={footer.menu} />
          <LinkList title={footer.menu_title_2} links={footer.menu_2} />
        </div>
      )}
      <RepaymentHelpLink menus={[footer.menu, footer.menu_2]} />
      <p>{messages.applicationsAccepted}</p>
      <p>{footer.copyright}</p>
    </footer>
  );
}

/** SPEC section 2: the registration layout's progress steps; hidden on the pages SPEC lists. */
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

/** The four layouts of SPEC section 2: login, registration, account, and the centred one. */
export function Layout({ name, route, children }: { name: LayoutName; route: string; children: ReactNode }) {
  useEffect(() => {
    if (name === 'registration') void loadPricesWithStoredPromo(DEFAULT_PRODUCT_ID).catch(() => {});
  }, [name]);
  // The sign-in pages have no user to poll yet; every other layout is "the account and default" of SPEC section 9.
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
