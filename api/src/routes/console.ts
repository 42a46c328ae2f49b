import { readFileSync } from 'node:fs';
import { consoleTexts as texts } from '@credimo/shared/i18n/screens/console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleActionError, runConsoleAction } from '../console/actions';
import { callsSection, reviewsSection } from '../console/rights-views';
import {
  auditPage,
  CONSOLE_PATH,
  customerPage,
  layout,
  messagePage,
  queuePage,
  resultPage,
  searchPage,
  setupPage,
  signInPage,
  staffPage,
} from '../console/views';
import type { AppContext } from '../context';
import { pagePolicy } from '../http/security';
import type { DocumentStorage } from '../providers/document-storage';
import { contactStanding } from '../servicing/contacts';
import {
  auditProblems,
  auditQueryOf,
  completeStaffSetup,
  consoleSession,
  customerDocument,
  customerFile,
  enrolmentOf,
  may,
  pendingReviews,
  readAudit,
  recordStaffEvent,
  type StaffMember,
  type StaffPermission,
  searchCustomers,
  searchKindOf,
  seedSandboxStaff,
  setupPending,
  signIn,
  signOut,
  staffOverview,
  staffUsernames,
  verificationQueue,
} from '../staff';
import { registerBankPages } from './console-bank';

const STYLE = readFileSync(new URL('../console/console.css', import.meta.url));

/** The staff session cookie: only for /console, never sent cross-site, unreadable by scripts. */
const COOKIE = 'credimo_staff';

function cookieToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || null;
  }
  return null;
}

const html = (reply: FastifyReply, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store');

/** Where a result page links back to: only somewhere in the console. */
const backOf = (value: string | undefined) =>
  value?.startsWith(`${CONSOLE_PATH}/`) && !value.startsWith('//') && !value.includes('\\') ? value : CONSOLE_PATH;

/**
 * A form posted from another site is refused: the cookie is SameSite=Strict already, and browsers say where a
 * request comes from (Sec-Fetch-Site, Origin), so a cross-site form cannot act even with a lax cookie jar. A post
 * that says neither is refused too: every browser the console supports sends one of them on a form post.
 */
function crossSite(request: FastifyRequest): boolean {
  // A browser that says where the request comes from is believed: with the API's no-referrer policy Chromium sends
  // `Origin: null` on a same-origin form post, so Origin is only the fallback for browsers without Sec-Fetch-Site.
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffMember | null;
  }
}

/**
 * The operators' console, served by the API under /console: server-rendered pages and plain forms,
 * no scripts. Staff sign in with a password and a TOTP code into a session of their own (a cookie for /console
 * only, apart from customers' tokens); each page and action asks the staff room, which checks the role and
 * writes the audit log.
 */
export async function consoleRoutes(
  app: FastifyInstance,
  { context, storage }: { context: AppContext; storage: DocumentStorage },
) {
  const db = context.database.db;
  const { config } = context;
  const sandbox = config.providerMode === 'sandbox';
  if (sandbox) await seedSandboxStaff(db);
  const secure = config.publicUrl.startsWith('https:');
  const setCookie = (reply: FastifyReply, token: string, maxAge?: number) =>
    reply.header(
      'set-cookie',
      `${COOKIE}=${token}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}${
        maxAge === undefined ? '' : `; Max-Age=${maxAge}`
      }`,
    );

  const helmet = pagePolicy({
    'style-src': ["'self'"],
    // data: for the empty favicon only (no request for one); documents come from /console itself.
    'img-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    const token = cookieToken(request);
    request.staff = token ? await consoleSession(db, token) : null;
  });

  /** The signed-in staff member allowed to do this, or an answer already sent (sign-in page, or refused). */
  async function allowed(
    request: FastifyRequest,
    reply: FastifyReply,
    permission: StaffPermission,
  ): Promise<StaffMember | null> {
    const member = request.staff;
    if (!member) {
      if (request.method === 'GET') reply.redirect(`${CONSOLE_PATH}/login`, 303);
      else html(reply, 401).send(signInPage(null, sandbox));
      return null;
    }
    if (setupPending(member)) {
      if (request.method === 'GET') reply.redirect(`${CONSOLE_PATH}/setup`, 303);
      else html(reply, 403).send(messagePage(member, texts.failed, texts.setupPending));
      return null;
    }
    if (!may(member.role, permission)) {
      await recordStaffEvent(db, member, `denied ${permission}`, null, request.ip, { path: request.url });
      html(reply, 403).send(messagePage(member, texts.failed, texts.forbidden));
      return null;
    }
    return member;
  }

  const page = { schema: { hide: true }, config: { helmet } } as const;

  app.get(`${CONSOLE_PATH}/console.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE),
  );

  app.get(CONSOLE_PATH, page, async (request, reply) =>
    reply.redirect(`${CONSOLE_PATH}/${request.staff ? 'queue' : 'login'}`, 303),
  );

  app.get(`${CONSOLE_PATH}/login`, page, async (request, reply) =>
    request.staff ? reply.redirect(`${CONSOLE_PATH}/queue`, 303) : html(reply).send(signInPage(null, sandbox)),
  );

  app.post<{ Body: Record<string, string> }>(
    `${CONSOLE_PATH}/login`,
    { ...page, config: { ...page.config, limit: 'signIn' } },
    async (request, reply) => {
      if (crossSite(request)) return html(reply, 403).send(signInPage(texts.forbidden, sandbox));
      const form = request.body ?? {};
      const outcome = await signIn(db, {
        username: String(form.username ?? ''),
        password: String(form.password ?? ''),
        code: String(form.code ?? ''),
        address: request.ip,
      });
      if (!outcome.ok) {
        if (outcome.alert) request.log.warn({ username: outcome.username }, 'staff sign-in failures: alert');
        // Locked or wrong, the same answer: nobody learns which usernames exist or are being guessed.
        return html(reply, 401).send(signInPage(texts.signInWrong, sandbox));
      }
      setCookie(reply, outcome.token);
      return reply.redirect(`${CONSOLE_PATH}/${setupPending(outcome.member) ? 'setup' : 'queue'}`, 303);
    },
  );

  // After an admin's reset: a new password and/or the new second factor, before anything else.
  app.get(`${CONSOLE_PATH}/setup`, page, async (request, reply) => {
    const member = request.staff;
    if (!member) return reply.redirect(`${CONSOLE_PATH}/login`, 303);
    if (!setupPending(member)) return reply.redirect(`${CONSOLE_PATH}/queue`, 303);
    return html(reply).send(setupPage(member, await enrolmentOf(db, member)));
  });

  app.post<{ Body: Record<string, string> }>(
    `${CONSOLE_PATH}/setup`,
    { ...page, config: { ...page.config, limit: 'signIn' } },
    async (request, reply) => {
      const member = request.staff;
      if (!member) return html(reply, 401).send(signInPage(null, sandbox));
      if (crossSite(request)) return html(reply, 403).send(messagePage(member, texts.failed, texts.forbidden));
      if (!setupPending(member)) return reply.redirect(`${CONSOLE_PATH}/queue`, 303);
      const form = request.body ?? {};
      const outcome = await completeStaffSetup(db, member, {
        password: String(form.password ?? ''),
        repeat: String(form.repeat ?? ''),
        code: String(form.code ?? ''),
      });
      await recordStaffEvent(db, member, 'setup', `staff:${member.username}`, request.ip, {
        outcome: outcome.ok ? 'done' : 'refused',
        ...(outcome.ok ? member.setup : { problems: outcome.problems }),
      });
      if (!outcome.ok) {
        return html(reply, 422).send(setupPage(member, await enrolmentOf(db, member), outcome.problems));
      }
      return reply.redirect(`${CONSOLE_PATH}/queue`, 303);
    },
  );

  app.post(`${CONSOLE_PATH}/logout`, page, async (request, reply) => {
    if (request.staff && !crossSite(request)) await signOut(db, request.staff, request.ip);
    setCookie(reply, '', 0);
    return reply.redirect(`${CONSOLE_PATH}/login`, 303);
  });

  app.get(`${CONSOLE_PATH}/queue`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'queue');
    if (!member) return reply;
    const [queue, reviews] = await Promise.all([verificationQueue(db), pendingReviews(db)]);
    return html(reply).send(queuePage(member, queue, reviewsSection(member, reviews)));
  });

  app.get<{ Querystring: { q?: string; page?: string } }>(`${CONSOLE_PATH}/customers`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'search');
    if (!member) return reply;
    const query = String(request.query.q ?? '')
      .trim()
      .slice(0, 40);
    if (!query) return html(reply).send(searchPage(member, '', null, null));
    if (!searchKindOf(query)) return html(reply, 422).send(searchPage(member, query, null, texts.searchUnreadable));
    const pageNumber = Math.min(Math.max(Number.parseInt(String(request.query.page ?? '1'), 10) || 1, 1), 10_000);
    const found = await searchCustomers(db, query, pageNumber);
    await recordStaffEvent(db, member, 'search', null, request.ip, {
      q: query,
      kind: searchKindOf(query)?.kind,
      page: pageNumber,
      found: found.rows.length,
    });
    return html(reply).send(searchPage(member, query, found.rows, null, found));
  });

  app.get<{ Params: { id: string } }>(`${CONSOLE_PATH}/customers/:id`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'viewCustomer');
    if (!member) return reply;
    const file = await customerFile(db, request.params.id);
    if (!file) return html(reply, 404).send(messagePage(member, texts.failed, texts.noSuchCustomer));
    await recordStaffEvent(db, member, 'view-customer', `user:${file.user.id}`, request.ip);
    const standing = await contactStanding(db, config.lender, file.user.id);
    return html(reply).send(customerPage(member, file, callsSection(member, file.user.id, standing)));
  });

  // Documents are served to staff only: customers see theirs through /v2/user/document, nobody else at all.
  app.get<{ Params: { id: string; type: string } }>(
    `${CONSOLE_PATH}/customers/:id/documents/:type`,
    page,
    async (request, reply) => {
      const member = await allowed(request, reply, 'viewDocument');
      if (!member) return reply;
      const bytes = await customerDocument({ db, storage }, request.params.id, request.params.type);
      if (!bytes) return html(reply, 404).send(messagePage(member, texts.failed, texts.notFound));
      await recordStaffEvent(db, member, 'view-document', `user:${request.params.id}`, request.ip, {
        type: request.params.type,
      });
      return reply.type('image/jpeg').header('cache-control', 'no-store').send(bytes);
    },
  );

  app.get<{ Querystring: Record<string, string> }>(`${CONSOLE_PATH}/audit`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'readAudit');
    if (!member) return reply;
    const query = auditQueryOf(request.query ?? {});
    const problems = auditProblems(query);
    const staff = await staffUsernames(db);
    if (Object.keys(problems).length > 0) {
      return html(reply, 422).send(auditPage(member, { query, problems, staff, rows: [], more: false }));
    }
    const { rows, more } = await readAudit(db, query);
    await recordStaffEvent(db, member, 'read-audit', null, request.ip, { ...query, found: rows.length });
    return html(reply).send(auditPage(member, { query, problems, staff, rows, more }));
  });

  app.get(`${CONSOLE_PATH}/staff`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'manageStaff');
    if (!member) return reply;
    return html(reply).send(staffPage(member, await staffOverview(db)));
  });

  app.post<{ Params: { action: string }; Body: Record<string, string> }>(
    `${CONSOLE_PATH}/actions/:action`,
    page,
    async (request, reply) => {
      const member = request.staff;
      if (!member) return html(reply, 401).send(signInPage(null, sandbox));
      if (crossSite(request)) return html(reply, 403).send(messagePage(member, texts.failed, texts.forbidden));
      if (setupPending(member)) return html(reply, 403).send(messagePage(member, texts.failed, texts.setupPending));
      const form = request.body ?? {};
      const back = backOf(form.back);
      try {
        const result = await runConsoleAction({ db, config, member }, request.params.action, form, request.ip);
        return html(reply).send(resultPage(member, { ok: true, ...result }, back));
      } catch (error) {
        if (!(error instanceof ConsoleActionError)) throw error;
        return html(reply, error.status).send(resultPage(member, { ok: false, lines: [error.message] }, back));
      }
    },
  );

  // The bank's files: the day's SEPA payouts file out, status reports and statements in.
  registerBankPages(app, context, { allowed, html, crossSite, page });

  // Anything else under /console: a page saying so, not the API's JSON.
  app.get(`${CONSOLE_PATH}/*`, page, async (request, reply) =>
    html(reply, 404).send(
      layout(texts.notFound, request.staff, `<p><a href="${CONSOLE_PATH}">${texts.backToConsole}</a></p>`),
    ),
  );
}
