import {
  type Link as ContentLink,
  contentUrl,
  findRoute,
  legalDocumentUrl,
  messages,
  siteContentAtom,
} from '@credimo/shared';
import { shell as texts } from '@credimo/shared/i18n/screens/shell';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import styles from './layout.module.css';

function LinkList({ title, links }: { title: string; links: ContentLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={title}>
      <h2 className={styles.footerTitle}>{title}</h2>
      <ul className={styles.footerLinks}>
        {links.map((link) => (
          <li key={`${link.title}|${link.url}`}>
            <a href={contentUrl(link.url)}>{link.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The static help page on how to repay, when the content site's menus do not link it already. */
function RepaymentHelpLink({ menus }: { menus: Array<Array<{ url: string }>> }) {
  const help = findRoute('repaymentHelp');
  if (!help || menus.some((menu) => menu.some((link) => link.url === help.path))) return null;
  return (
    <p>
      <Link to={help.path}>{messages.repaymentHelpLink}</Link>
    </p>
  );
}

/**
 * The legal notice (LSSI art. 10: who the lender is) on every page, unless a list of this footer links it already.
 * Its address is the content site's "Aviso legal", else the API's, which states the configured lender.
 */
function LegalNoticeLink({ shown }: { shown: ContentLink[] }) {
  const content = useAtomValue(siteContentAtom);
  const href = legalDocumentUrl(content, 'legalNotice');
  if (shown.some((link) => contentUrl(link.url) === href)) return null;
  return (
    <p>
      <a href={href}>{texts.legalNotice}</a>
    </p>
  );
}

/**
 * Big and small footers; contacts, menu lists, copyright and the documents (the
 * marketing content: conditions, the standard information) come from the content site. The documents are in
 * both: a customer about to sign in reads them too.
 */
export function Footer({ big }: { big: boolean }) {
  const { footer, contacts, documents } = useAtomValue(siteContentAtom);
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
          <LinkList title={texts.documents} links={documents} />
        </div>
      )}
      {!big && <LinkList title={texts.documents} links={documents} />}
      <LegalNoticeLink shown={big ? [...footer.menu, ...footer.menu_2, ...documents] : documents} />
      <RepaymentHelpLink menus={[footer.menu, footer.menu_2]} />
      <p>{messages.applicationsAccepted}</p>
      <p>{footer.copyright}</p>
    </footer>
  );
}
