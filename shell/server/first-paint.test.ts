/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auth } from '@credimo/shared/i18n/screens/auth';
import { profile } from '@credimo/shared/i18n/screens/profile';
import { firstPaintCss, firstPaintMarkup, prefixedCss, withFirstPaint } from './first-paint';

const PAGE = '<!doctype html><html><head><title>Credimo</title></head><body><div id="root"></div></body></html>';
const SIGNED_IN = 'other=1; credimo_access_token=abc';

describe("a customer page's first paint is its first screen's real frame", () => {
  test("/auth paints the sign-in heading and intro from the catalogue, under the login layout's header", () => {
    const markup = firstPaintMarkup('/auth');
    expect(markup).toContain(`<h1 id="first-paint-title">${auth.authTitle}</h1>`);
    expect(markup).toContain(`<p>${auth.authIntro}</p>`);
    expect(markup).toContain('data-layout="login"');
    expect(markup).toContain('data-header="login"');
    expect(markup).toContain('href="/auth" class="fp-layout-logo"');
  });

  test("an agent's session is greeted on the sign-in screen as the screen itself does", () => {
    const markup = firstPaintMarkup('/auth', 'credimo_session_id=s-1');
    expect(markup).toContain(auth.agentWelcome);
    expect(markup).toContain(auth.agentIntro);
    expect(markup).not.toContain(auth.authTitle);
  });

  test('the root path and the legacy sign-in path paint the sign-in screen they redirect to', () => {
    expect(firstPaintMarkup('/')).toContain(auth.authTitle);
    expect(firstPaintMarkup('/login')).toContain(auth.authTitle);
  });

  test('a protected screen paints the sign-in screen for a visitor without a session', () => {
    const markup = firstPaintMarkup('/registration/personal-data', 'other=1');
    expect(markup).toContain(auth.authTitle);
    expect(markup).not.toContain(profile.personalDataTitle);
  });

  test('a signed-in customer on personal data sees its heading, intro and the first progress step as current', () => {
    const markup = firstPaintMarkup('/registration/personal-data', SIGNED_IN);
    expect(markup).toContain(profile.personalDataTitle);
    expect(markup).toContain(profile.personalDataIntro);
    expect(markup).toContain('<li aria-current="step"><span aria-hidden="true">1</span> Registro</li>');
    expect(markup).toContain('href="/account" class="fp-layout-logo"');
    // On wide screens the header holds the row of the user's buttons, which the app draws.
    expect(markup).toContain('<div class="fp-layout-accountMenu"><span class="fp-account-menu-space"></span></div>');
  });

  test("the account's frame is its header and navigation, the current link marked; its content is data", () => {
    const markup = firstPaintMarkup('/account', SIGNED_IN);
    expect(markup).toContain('data-header="account"');
    expect(markup).toContain('<a href="/account" aria-current="page">Tu préstamo</a>');
    expect(markup).not.toContain('<h1');
  });

  test("the account's main column drawn from the customer's data goes in the frame's main, on /account only", () => {
    const drawn = '<div data-remote="account">cards</div>';
    expect(firstPaintMarkup('/account', SIGNED_IN, drawn)).toContain(`<main class="fp-layout-main">${drawn}</main>`);
    expect(firstPaintMarkup('/account/history', SIGNED_IN, drawn)).not.toContain(drawn);
    expect(firstPaintMarkup('/account', 'other=1', drawn)).not.toContain(drawn);
    // Its cards bring the account's and the kit's rules, which other pages do without.
    expect(withFirstPaint(PAGE, firstPaintMarkup('/account', SIGNED_IN, drawn), { accountCards: true })).toContain(
      '.fp-account-card {',
    );
    expect(withFirstPaint(PAGE, firstPaintMarkup('/auth'))).not.toContain('.fp-account-card');
  });

  test("an operator's banner opens the account's paint, above the header, only with the cards it was read with", () => {
    const drawn = '<div data-remote="account">cards</div>';
    const banner = '<div class="fp-layout-sessionBanner" data-session-kind="admin">Sesión de soporte</div>';
    expect(firstPaintMarkup('/account', SIGNED_IN, drawn, banner)).toMatch(
      /^<div id="first-paint" class="fp-layout-page" data-layout="account"><div class="fp-layout-sessionBanner"[^>]*>Sesión de soporte<\/div><header /,
    );
    expect(firstPaintMarkup('/account', SIGNED_IN, null, banner)).not.toContain(banner);
    expect(firstPaintMarkup('/account/history', SIGNED_IN, drawn, banner)).not.toContain(banner);
  });

  test('an unknown path or a centred screen has no first paint and the page is left as it was', () => {
    expect(firstPaintMarkup('/no-such-page')).toBe('');
    expect(firstPaintMarkup('/ayuda/como-devolver')).toBe('');
    expect(withFirstPaint(PAGE, '')).toBe(PAGE);
  });

  test('the frame goes before a hidden root, its styles into the head', () => {
    const html = withFirstPaint(PAGE, firstPaintMarkup('/auth'));
    expect(html).toMatch(/<\/section><\/div><\/main><\/div><div id="root" hidden><\/div>/);
    expect(html).toMatch(/<style>[^<]*\.fp-layout-header \{[^<]*<\/style><\/head>/);
  });

  test("the frame is drawn by the layout's own rules and the screen frame's, renamed", () => {
    const css = firstPaintCss();
    expect(css).toContain('.fp-layout-main { flex: 1; min-height: 100vh; width: 100%; max-width: 960px;');
    expect(css).toContain('.fp-screen-screen h1 { font-size: 1.5rem; margin: 8px 0; }');
    const layout = readFileSync(path.join(__dirname, '../src/layouts/layout.module.css'), 'utf8');
    for (const [, name] of layout.matchAll(/^\.(\w+)/gm)) expect(css).toContain(`.fp-layout-${name}`);
  });

  test('renaming classes leaves numbers, colours and comments out of it', () => {
    expect(prefixedCss('/* a .note */\n.a .b-c { font: 0.875rem / 1.5 x; color: #0b5c3b; }', 'p')).toBe(
      '.p-a .p-b-c { font: 0.875rem / 1.5 x; color: #0b5c3b; }',
    );
  });
});
