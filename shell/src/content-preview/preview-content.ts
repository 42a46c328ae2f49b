import type { Link, SiteContent } from '@credimo/shared';

/** What the editor's page (WordPress admin) posts to the preview, and what the preview answers when it is ready. */
export const PREVIEW_MESSAGE = 'credimo:content-preview';
export const PREVIEW_READY_MESSAGE = 'credimo:content-preview-ready';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The addresses the plugin accepts (credimo_is_link_address): a site path or an absolute http(s) address. */
export function isLinkAddress(url: string): boolean {
  if (url === '' || /[\s<>"'`\\]/.test(url)) return false;
  if (/^\/(?!\/)/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    return false;
  }
}

const links = (value: unknown): Link[] | null => {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    if (!isRecord(item)) return [];
    const title = text(item.title);
    const url = text(item.url);
    return title && url && isLinkAddress(url) ? [{ title, url }] : [];
  });
};

const texts = <K extends string>(value: unknown, keys: readonly K[]): Record<K, string> | null => {
  if (!isRecord(value)) return null;
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const field = text(value[key]);
    if (field === null) return null;
    out[key] = field;
  }
  return out;
};

/**
 * The unsaved content a message carries, in the page config's shape (SiteContent); null for anything else. Links whose
 * address the plugin would refuse are left out, as the saved content would not have them.
 */
export function previewContentFrom(data: unknown): SiteContent | null {
  if (!isRecord(data)) return null;
  const header = isRecord(data.header) ? texts(data.header.contacts, ['schedule', 'phone', 'email'] as const) : null;
  const contacts = texts(data.contacts, ['phone', 'email', 'address', 'schedule'] as const);
  const footerTexts = texts(data.footer, [
    'contacts_title',
    'phone',
    'email',
    'address',
    'menu_title',
    'menu_title_2',
    'copyright',
  ] as const);
  const menu = links(data.menu);
  const documents = links(data.documents);
  const footerMenu = isRecord(data.footer) ? links(data.footer.menu) : null;
  const footerMenu2 = isRecord(data.footer) ? links(data.footer.menu_2) : null;
  if (!header || !contacts || !footerTexts || !menu || !documents || !footerMenu || !footerMenu2) return null;
  return {
    header: { contacts: header },
    menu,
    contacts,
    footer: { ...footerTexts, menu: footerMenu, menu_2: footerMenu2 },
    documents,
  };
}
