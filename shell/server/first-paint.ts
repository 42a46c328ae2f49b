import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SITE_CONTENT } from '@credimo/shared/content';
import { auth } from '@credimo/shared/i18n/screens/auth';
import { profile } from '@credimo/shared/i18n/screens/profile';
import { shell } from '@credimo/shared/i18n/screens/shell';
import { PROGRESS_STEPS, progressStepFor, type ScreenRoute } from '@credimo/shared/paths';
import { HEADER_PARTS, headerVariantFor } from '../src/layouts/header-variants';
import { ACCOUNT_PAINT_CSS, accountMainMarkup, loadAccountPaintData, sessionBannerMarkup } from './account-paint';
import { firstScreenFor } from './first-load';
import { escapeHtml, L, PREFIXES, S } from './markup';

/**
 * The first paint of a customer page: the shell's server prints, for the route's first screen, the
 * static frame React will draw there (the layout's header and boxes, the screen's heading and intro from the
 * i18n catalogue) with its CSS inline, so the largest text a customer sees is painted from the HTML instead of
 * after the shell, its shared modules and the screen's remote have run. The app renders into a hidden #root
 * meanwhile; once the first screen has mounted, `revealApp` (shell/src/first-paint.ts) removes this frame and
 * shows #root in the same frame, so nothing moves and nothing larger appears.
 */

/** The screens whose opening words are static: their heading and intro, and their frame's width. */
const FIRST_SCREENS: Record<string, { title: string; intro: string; width: 'narrow' | 'wide' }> = {
  auth: { title: auth.authTitle, intro: auth.authIntro, width: 'narrow' },
  registrationPersonalData: { title: profile.personalDataTitle, intro: profile.personalDataIntro, width: 'wide' },
};

/** The session cookies (shared/src/session/cookies.ts): either one means a signed-in page. */
const SESSION_COOKIES = ['credimo_access_token', 'credimo_impersonate_token'];
/** An agent's session: the sign-in screen greets the agent instead. */
const AGENT_SESSION_COOKIE = 'credimo_session_id';
const AGENT_AUTH = { title: auth.agentWelcome, intro: auth.agentIntro, width: 'narrow' } as const;

/**
 * A CSS module's rules with its local class names given a fixed prefix (`.page` to `.fp-layout-page`): the frame
 * is drawn by the very rules the app's components use, not by a copy that could drift from them.
 */
export function prefixedCss(css: string, prefix: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\.([a-zA-Z_][\w-]*)/g, `.${prefix}-$1`)
    .replace(/\s+/g, ' ')
    .trim();
}

const readCss = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');

let criticalCss: string | undefined;
export function firstPaintCss(): string {
  criticalCss ??= [
    prefixedCss(readCss('../src/layouts/layout.module.css'), PREFIXES.layout),
    prefixedCss(readCss('../../remotes/registration/src/screen.module.css'), PREFIXES.screen),
    // The user's buttons (name, logout) are drawn by the app; their row is held at the kit's button height
    // (shared/src/ui/kit.module.css: `.button` min-height 48px) so the header keeps its height when they arrive.
    '.fp-account-menu-space { display: block; height: 48px; }',
  ].join(' ');
  return criticalCss;
}

/** The account's cards (account-paint.ts): the account remote's rules and the kit's, only on the pages they draw. */
let accountCss: string | undefined;
export function accountPaintCss(): string {
  accountCss ??= ACCOUNT_PAINT_CSS.map(({ file, prefix }) => prefixedCss(readCss(file), prefix)).join(' ');
  return accountCss;
}

const hasCookie = (cookieHeader: string | undefined, names: string[]) =>
  (cookieHeader ?? '').split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return names.includes(name ?? '') && Boolean(value);
  });

/** The screen a request's first paint shows: a protected one sends a visitor without a session to sign in. */
function screenShown(pathname: string, signedIn: boolean): ScreenRoute | undefined {
  const route = firstScreenFor(pathname);
  if (route?.protected && !signedIn) return firstScreenFor('/auth');
  return route;
}

function header(route: ScreenRoute, signedIn: boolean): string {
  const variant = headerVariantFor(route.layout, route.name);
  if (!variant) return '';
  const parts = HEADER_PARTS[variant];
  const { contacts } = DEFAULT_SITE_CONTENT.header;
  const accountLinks = [
    { to: '/account', label: shell.yourLoan },
    { to: '/account/history', label: shell.loanHistory },
    { to: '/account/personal_info', label: shell.personalInfo },
  ]
    .map(
      (link) =>
        `<a href="${link.to}"${link.to === route.path ? ' aria-current="page"' : ''}>${escapeHtml(link.label)}</a>`,
    )
    .join('');
  const menu = DEFAULT_SITE_CONTENT.menu;
  return [
    `<header class="${L('header')}" data-header="${variant}">`,
    `<a href="${signedIn ? '/account' : '/auth'}" class="${L('logo')}" aria-label="Credimo, inicio">Credimo</a>`,
    parts.links === 'account'
      ? `<nav aria-label="${escapeHtml(shell.accountNav)}" class="${L('nav')} ${L('wideOnly')}">${accountLinks}</nav>`
      : '',
    parts.contacts
      ? `<p class="${L('headerContacts')}"><a href="tel:${escapeHtml(contacts.phone.replace(/\s/g, ''))}">${escapeHtml(contacts.phone)}</a><span> · ${escapeHtml(contacts.schedule)}</span></p>`
      : '',
    parts.user && signedIn
      ? `<div class="${L('wideOnly')}"><div class="${L('accountMenu')}"><span class="fp-account-menu-space"></span></div></div>`
      : '',
    parts.burger && (parts.burger !== 'main' || menu.length > 0)
      ? `<div class="${L('burger')} ${L('narrowOnly')}"><button type="button" class="${L('burgerButton')}"><span aria-hidden="true">☰</span> ${escapeHtml(shell.menu)}</button></div>`
      : '',
    '</header>',
  ].join('');
}

function progress(route: ScreenRoute): string {
  const current = progressStepFor(route.name);
  if (route.layout !== 'registration' || current === null) return '';
  const steps = PROGRESS_STEPS.map((step, index) => {
    const attributes = index === current ? ' aria-current="step"' : index < current ? ' data-done="true"' : '';
    return `<li${attributes}><span aria-hidden="true">${index + 1}</span> ${escapeHtml(step.label)}</li>`;
  }).join('');
  return `<nav aria-label="Progreso de tu solicitud"><ol class="${L('progress')}">${steps}</ol></nav>`;
}

function screenFrame(route: ScreenRoute, agent: boolean): string {
  const screen = route.name === 'auth' && agent ? AGENT_AUTH : FIRST_SCREENS[route.name];
  if (!screen) return '';
  const width = screen.width === 'narrow' ? `${S('screen')} ${S('narrow')}` : S('screen');
  return `<div><section class="${width}" aria-labelledby="first-paint-title"><h1 id="first-paint-title">${escapeHtml(screen.title)}</h1><p>${escapeHtml(screen.intro)}</p></section></div>`;
}

/**
 * The static frame of a path's first screen, or '' where there is none to draw (an unknown path, the centred
 * layout whose screens are all data). `accountMain` is the account's main column drawn from the customer's
 * data (account-paint.ts), for /account only, and `banner` an operator's session banner above the header,
 * drawn with it.
 */
export function firstPaintMarkup(
  pathname: string,
  cookieHeader?: string,
  accountMain?: string | null,
  banner = '',
): string {
  const signedIn = hasCookie(cookieHeader, SESSION_COOKIES);
  const route = screenShown(pathname, signedIn);
  if (!route || route.layout === 'centred') return '';
  const painted = route.name === 'account' && signedIn && Boolean(accountMain);
  const main = painted ? accountMain : screenFrame(route, hasCookie(cookieHeader, [AGENT_SESSION_COOKIE]));
  return [
    `<div id="first-paint" class="${L('page')}" data-layout="${route.layout}">`,
    painted ? banner : '',
    header(route, signedIn),
    progress(route),
    `<main class="${L('main')}">${main}</main>`,
    '</div>',
  ].join('');
}

/**
 * The page with its first paint before a hidden #root (the app shows #root once its first screen is there);
 * `accountCards` when the markup holds the account's cards, which bring their own rules.
 */
export function withFirstPaint(html: string, markup: string, { accountCards = false } = {}): string {
  if (!markup) return html;
  const css = accountCards ? `${firstPaintCss()} ${accountPaintCss()}` : firstPaintCss();
  return html
    .replace('<div id="root"></div>', `${markup}<div id="root" hidden></div>`)
    .replace('</head>', `<style>${css}</style></head>`);
}

/** A request for a page, as the first paint reads it. */
export interface PageRequest {
  pathname: string;
  search: URLSearchParams;
  cookieHeader: string | undefined;
}

/**
 * A request's page with its first paint. On /account the server first asks the API (`apiUrl`) for the customer's
 * cards (account-paint.ts); `personal` says the page holds them, so no cache may keep it.
 */
export async function paintFirstScreen(
  html: string,
  { pathname, search, cookieHeader }: PageRequest,
  apiUrl?: string,
  timeoutMs?: number,
): Promise<{ html: string; personal: boolean }> {
  let accountMain: string | null = null;
  let banner = '';
  if (apiUrl && firstScreenFor(pathname)?.name === 'account') {
    const data = await loadAccountPaintData(apiUrl, cookieHeader, timeoutMs);
    accountMain = data && accountMainMarkup(data, search);
    banner = data ? sessionBannerMarkup(data.user) : '';
  }
  const markup = firstPaintMarkup(pathname, cookieHeader, accountMain, banner);
  const accountCards = accountMain !== null && markup.includes(accountMain);
  return { html: withFirstPaint(html, markup, { accountCards }), personal: accountCards };
}
