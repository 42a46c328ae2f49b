import { accessTokenAtom, type LayoutName, siteContentAtom, userAtom } from '@credimo/shared';
import { shell as texts } from '@credimo/shared/i18n/screens/shell';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { type BurgerMenu, HEADER_PARTS, headerVariantFor } from './header-variants';
import styles from './layout.module.css';
import { AccountMenu } from './SessionBar';

/** The account navbar. */
const ACCOUNT_NAV = [
  { to: '/account', label: texts.yourLoan, end: true },
  { to: '/account/history', label: texts.loanHistory, end: false },
  { to: '/account/personal_info', label: texts.personalInfo, end: false },
];

function Logo() {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  return (
    <Link to={signedIn ? '/account' : '/auth'} className={styles.logo} aria-label="Credimo, inicio">
      Credimo
    </Link>
  );
}

function AccountLinks() {
  return (
    <>
      {ACCOUNT_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end}>
          {item.label}
        </NavLink>
      ))}
    </>
  );
}

/** The marketing site's main menu, from the content site (header, menu, contacts, documents). */
function MainLinks() {
  const { menu } = useAtomValue(siteContentAtom);
  return (
    <>
      {menu.map((link) => (
        <a key={link.url} href={link.url}>
          {link.title}
        </a>
      ))}
    </>
  );
}

/** The header's contacts: phone and schedule from the content site. */
function HeaderContacts() {
  const { header } = useAtomValue(siteContentAtom);
  return (
    <p className={styles.headerContacts}>
      <a href={`tel:${header.contacts.phone.replace(/\s/g, '')}`}>{header.contacts.phone}</a>
      <span> · {header.contacts.schedule}</span>
    </p>
  );
}

/**
 * The burger menus (account, main, register): on narrow screens the header's links and the user's
 * actions fold into one button. The account one also offers the change of phone, which only the customer's
 * own session may make (not in an agent session; nor an admin one).
 */
function Burger({ kind }: { kind: BurgerMenu }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const _user = useAtomValue(userAtom);
  const { menu } = useAtomValue(siteContentAtom);
  // A link followed from the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of address
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  if (kind === 'main' && menu.length === 0) return null;
  return (
    <div className={`${styles.burger} ${styles.narrowOnly}`}>
      <button
        type="button"
        className={styles.burgerButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">☰</span> {open ? texts.closeMenu : texts.menu}
      </button>
      {open && (
        <nav id={panelId} className={styles.burgerPanel} aria-label={texts.menu} data-burger={kind}>
          {kind === 'account' && <AccountLinks />}
          {kind === 'main' && <MainLinks />}
          {kind !== 'main' && <AccountMenu />}
        </nav>
      )}
    </div>
  );
}

/** The header in its variant for this page (account, login, verification, register). */
export function Header({ layout, route }: { layout: LayoutName; route: string }) {
  const variant = headerVariantFor(layout, route);
  if (!variant) return null;
  const parts = HEADER_PARTS[variant];
  return (
    <header className={styles.header} data-header={variant}>
      <Logo />
      {parts.links === 'account' && (
        <nav aria-label={texts.accountNav} className={`${styles.nav} ${styles.wideOnly}`}>
          <AccountLinks />
        </nav>
      )}
      {parts.links === 'main' && <MainNav />}
      {parts.contacts && <HeaderContacts />}
      {parts.user && (
        <div className={styles.wideOnly}>
          <AccountMenu />
        </div>
      )}
      {parts.burger && <Burger kind={parts.burger} />}
    </header>
  );
}

function MainNav() {
  const { menu } = useAtomValue(siteContentAtom);
  if (menu.length === 0) return null;
  return (
    <nav aria-label={texts.mainNav} className={`${styles.nav} ${styles.wideOnly}`}>
      <MainLinks />
    </nav>
  );
}
