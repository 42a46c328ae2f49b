import { DEFAULT_SITE_CONTENT, type SiteContent, sessionStore, siteContentAtom } from '@credimo/shared';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ContentPreview from './ContentPreview';
import { PREVIEW_MESSAGE, previewContentFrom } from './preview-content';

const WORDPRESS = 'https://www.credimo.es';

/** What the content form posts after the editor changed the phone and added a menu link and a document. */
const edited: SiteContent = {
  ...DEFAULT_SITE_CONTENT,
  header: { contacts: { ...DEFAULT_SITE_CONTENT.header.contacts, phone: '+34 911 222 333' } },
  menu: [{ title: 'Blog', url: '/blog' }],
  contacts: { ...DEFAULT_SITE_CONTENT.contacts, phone: '+34 911 222 333' },
  footer: {
    ...DEFAULT_SITE_CONTENT.footer,
    phone: '+34 911 222 333',
    menu: [{ title: 'Blog', url: '/blog' }],
  },
  documents: [{ title: 'Tarifas 2027', url: 'https://www.credimo.es/documentos/tarifas.pdf' }],
};

function openPreview() {
  const router = createMemoryRouter(
    [{ path: '/content-preview', element: <ContentPreview contentOrigin={WORDPRESS} /> }],
    {
      initialEntries: ['/content-preview'],
    },
  );
  render(<RouterProvider router={router} />);
}

const post = (data: unknown, origin = WORDPRESS) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
  });

describe('the content preview (WordPress admin frames it beside the content form)', () => {
  test("shows the app's real header and footer with the unsaved content the editor's page sends", () => {
    openPreview();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '+34 900 000 000' })).toBeInTheDocument();
    post({ type: PREVIEW_MESSAGE, content: edited });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: '+34 911 222 333' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(within(footer).getByRole('link', { name: '+34 911 222 333' })).toBeInTheDocument();
    const documents = within(footer).getByRole('navigation', { name: 'Documentos' });
    expect(within(documents).getByRole('link', { name: 'Tarifas 2027' })).toHaveAttribute(
      'href',
      'https://www.credimo.es/documentos/tarifas.pdf',
    );
  });

  test('listens to the content site only, and leaves the content the app loaded untouched', () => {
    openPreview();
    post({ type: PREVIEW_MESSAGE, content: edited }, 'https://evil.example');
    post({ type: 'something-else', content: edited });
    post({ type: PREVIEW_MESSAGE, content: { header: 'broken' } });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: '+34 900 000 000' })).toBeInTheDocument();
    post({ type: PREVIEW_MESSAGE, content: edited });
    expect(sessionStore.get(siteContentAtom)).toEqual(DEFAULT_SITE_CONTENT);
  });
});

describe('the content a preview message carries', () => {
  test('takes the shape of the page config (header, menu, footer, documents), nothing else', () => {
    expect(previewContentFrom(edited)).toEqual(edited);
    expect(previewContentFrom(null)).toBeNull();
    expect(previewContentFrom({ ...edited, footer: { ...edited.footer, copyright: 3 } })).toBeNull();
  });

  test('leaves out links whose address the plugin would refuse (javascript:, protocol-relative, spaces)', () => {
    const content = previewContentFrom({
      ...edited,
      documents: [
        { title: 'Malo', url: 'javascript:alert(1)' },
        { title: 'Otro sitio', url: '//evil.example/x' },
        { title: 'Con espacios', url: '/a b' },
        { title: '', url: '/sin-titulo' },
        { title: 'Bueno', url: '/documentos/bueno.pdf' },
      ],
    });
    expect(content?.documents).toEqual([{ title: 'Bueno', url: '/documentos/bueno.pdf' }]);
  });
});
