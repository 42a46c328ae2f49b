import { accessTokenAtom, type LayoutName, messages } from '@credimo/shared';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import styles from './layout.module.css';
import { AccountMenu, SessionBanner } from './SessionBar';

/** SPEC section 2: the account navbar. */
const ACCOUNT_NAV = [
  { to: '/account', label: 'Tu préstamo', end: true },
  { to: '/account/history', label: 'Historial de préstamos', end: false },
  { to: '/account/personal_info', label: 'Información personal', end: false },
];

function Logo() {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  return (
    <Link to={signedIn ? '/account' : '/auth'} className={styles.logo} aria-label="Credimo, inicio">
      Credimo
    </Link>
  );
}

function Header({ layout }: { layout: LayoutName }) {
  return (
    <header className={styles.header}>
      <Logo />
      {layout === 'account' && (
        <nav aria-label="Tu cuenta" className={styles.nav}>
          {ACCOUNT_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      {layout === 'account' && <AccountMenu />}
    </header>
  );
}

function Footer({ big }: { big: boolean }) {
  return (
    <footer className={big ? styles.footerBig : styles.footer}>
      <p>{messages.applicationsAccepted}</p>
      <p>© {new Date().getFullYear()} Credimo</p>
    </footer>
  );
}

/** The four layouts of SPEC section 2: login, registration, account, and the centred one. */
export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
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
      <Header layout={name} />
      <main className={styles.main}>{children}</main>
      <Footer big={name === 'account'} />
    </div>
  );
}
