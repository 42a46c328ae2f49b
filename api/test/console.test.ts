import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus, sandboxCaptchaToken } from '@credimo/shared/domain';
import { confirmedUser } from '../src/identity/users.js';
import { OPERATOR_COMMANDS } from '../src/ops/commands.js';
import { SANDBOX_STAFF, searchKindOf, totpNow } from '../src/staff/index.js';
import { acceptedStep } from '../src/staff/totp.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, nextDni, waitForStatus } from './origination-path.js';
import { signedInStaff, staffBrowser, staffCode } from './staff-browser.js';

let api: TestApi;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

const [AGENT, ADMIN] = SANDBOX_STAFF;
const browser = (from?: string) => staffBrowser(api, from);
const signedIn = (member: (typeof SANDBOX_STAFF)[number]) => signedInStaff(api, member);

async function auditOf(action: string) {
  return api.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('Operators console rules', () => {
  test('the search box reads a phone, a DNI/NIE, a loan id or a name', () => {
    assert.deepEqual(searchKindOf('612 34 56 78'), { kind: 'phone', value: '612345678' });
    assert.deepEqual(searchKindOf('+34 612345678'), { kind: 'phone', value: '612345678' });
    assert.deepEqual(searchKindOf('12345678z'), { kind: 'personal_id', value: '12345678Z' });
    assert.deepEqual(searchKindOf('X1234567L'), { kind: 'personal_id', value: 'X1234567L' });
    assert.deepEqual(searchKindOf('cr100001'), { kind: 'loan', value: 'CR100001' });
    assert.deepEqual(searchKindOf('42'), { kind: 'loan', value: '42' });
    assert.deepEqual(searchKindOf('Ana García'), { kind: 'name', value: 'ana garcia' });
    assert.equal(searchKindOf('12ab'), null);
  });

  test('a TOTP code is accepted once, within one step of drift, and never an older step', () => {
    const secret = SANDBOX_STAFF[0].totpSecret;
    const now = 1_800_000_000_000;
    const step = now / 1000 / 30;
    assert.equal(acceptedStep(secret, totpNow(secret, now), null, now), Math.floor(step));
    assert.equal(acceptedStep(secret, totpNow(secret, now - 30_000), null, now), Math.floor(step) - 1);
    assert.equal(acceptedStep(secret, totpNow(secret, now - 90_000), null, now), null);
    assert.equal(acceptedStep(secret, totpNow(secret, now), Math.floor(step), now), null);
    assert.equal(acceptedStep(secret, 'abcdef', null, now), null);
  });
});

describe('Operators console: staff sign in with a password and a second factor, in sessions of their own', () => {
  test('a staff member signs in with username, password and TOTP code; the cookie is HttpOnly, SameSite=Strict, /console only', async () => {
    const b = browser();
    const answer = await b.post('/console/login', {
      username: AGENT.username,
      password: AGENT.password,
      code: await staffCode(api, AGENT),
    });
    assert.equal(answer.status, 303);
    assert.match(answer.cookie ?? '', /^credimo_staff=[\w-]{40,}; Path=\/console; HttpOnly; SameSite=Strict/);
    const queue = await b.get('/console/queue');
    assert.equal(queue.status, 200);
    assert.match(queue.text, /Solicitudes en verificación manual/);
    assert.match(queue.text, /Sesión de agente \(agente\)/);
  });

  test('a right password with a wrong code, a wrong password or an unknown name: the same refusal, audited', async () => {
    for (const attempt of [
      { username: AGENT.username, password: AGENT.password, code: '000000' },
      { username: AGENT.username, password: 'not-the-password', code: await staffCode(api, AGENT) },
      { username: 'nadie', password: 'whatever-it-is', code: '123456' },
    ]) {
      const answer = await browser().post('/console/login', attempt);
      assert.equal(answer.status, 401);
      assert.match(answer.text, /Usuario, contraseña o código incorrectos\./);
      assert.equal(answer.cookie, null);
    }
    const entries = await auditOf('console sign-in');
    assert.ok(entries.some((e) => e.actor === 'staff:nadie' && e.detail.outcome === 'wrong'));
  });

  test('a TOTP code is good once: replaying the code that just signed in is refused', async () => {
    const code = await staffCode(api, ADMIN);
    const first = await browser().post('/console/login', { username: ADMIN.username, password: ADMIN.password, code });
    assert.equal(first.status, 303);
    const replay = await browser().post('/console/login', { username: ADMIN.username, password: ADMIN.password, code });
    assert.equal(replay.status, 401);
  });

  test('five wrong sign-ins from one address lock the account there for 15 minutes, answered as any wrong one; elsewhere it signs in', async () => {
    const created = await OPERATOR_COMMANDS['staff-create']?.run(['lock.me', 'agent'], {
      db: api.database.db,
      config: api.config,
      operator: 'test',
    });
    const member = {
      username: 'lock.me',
      password: created?.lines[1]?.replace('password: ', '') ?? '',
      totpSecret: created?.lines[2]?.replace('TOTP secret: ', '') ?? '',
    } as unknown as (typeof SANDBOX_STAFF)[number];
    const guesser = '172.16.99.1';
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser(guesser).post('/console/login', {
        username: 'lock.me',
        password: 'wrong-password!',
        code: '111111',
      });
      assert.equal(wrong.status, 401);
    }
    // Even the right password and code: refused at that address, with the wrong answer's status and words.
    const locked = await browser(guesser).post('/console/login', { ...member, code: await staffCode(api, member) });
    assert.equal(locked.status, 401);
    assert.match(locked.text, /Usuario, contraseña o código incorrectos\./);
    assert.doesNotMatch(locked.text, /Demasiados intentos/);
    // The guesser cannot keep the member out: from their own address they sign in.
    const own = await browser('172.16.99.2').post('/console/login', { ...member, code: await staffCode(api, member) });
    assert.equal(own.status, 303);
  });

  test('an unknown name that is no username is audited as staff:?, never as what was typed', async () => {
    const typed = `${'x'.repeat(5000)}\nstaff:admin`;
    const answer = await browser().post('/console/login', { username: typed, password: 'whatever', code: '000000' });
    assert.equal(answer.status, 401);
    const entries = await auditOf('console sign-in');
    assert.ok(entries.some((e) => e.actor === 'staff:?'));
    assert.ok(entries.every((e) => e.actor.length <= 'staff:'.length + 40 && !e.actor.includes('\n')));
  });

  test('npm run ops -- staff-create makes the first admin: a generated password and TOTP secret that sign in', async () => {
    const created = await OPERATOR_COMMANDS['staff-create']?.run(['marta', 'admin'], {
      db: api.database.db,
      config: api.config,
      operator: 'root',
    });
    const password = created?.lines[1]?.replace('password: ', '') ?? '';
    const secret = created?.lines[2]?.replace('TOTP secret: ', '') ?? '';
    assert.match(created?.lines[3] ?? '', /^otpauth:\/\/totp\/Credimo:marta\?/);
    const stored = await api.database.db
      .selectFrom('staff_accounts')
      .select('password_hash')
      .where('username', '=', 'marta')
      .executeTakeFirstOrThrow();
    assert.match(stored.password_hash, /^\$argon2id\$/);
    assert.ok(!stored.password_hash.includes(password));
    const answer = await browser().post('/console/login', { username: 'marta', password, code: totpNow(secret) });
    assert.equal(answer.status, 303);
  });

  test('without a staff session every page sends to the sign-in page and every action is refused', async () => {
    const b = browser();
    const page = await b.get('/console/customers');
    assert.equal(page.status, 303);
    assert.equal(page.headers.get('location'), '/console/login');
    const action = await b.post('/console/actions/block', { user: '1' });
    assert.equal(action.status, 401);
  });

  test('a customer token opens no console page, and a staff cookie opens nothing of the customer API', async () => {
    const customer = await customerAt(api, 'applied', { iban: false });
    const page = await fetch(`${api.baseUrl}/console/queue`, {
      redirect: 'manual',
      headers: { authorization: customer.headers.authorization ?? '' },
    });
    assert.equal(page.status, 303);
    const staff = await signedIn(AGENT);
    const token = staff.cookie.split('=')[1] ?? '';
    const attempts: Array<Record<string, string>> = [{ cookie: staff.cookie }, { authorization: `Bearer ${token}` }];
    for (const headers of attempts) {
      const user = await api.request('GET', '/v2/user', { headers });
      assert.equal(user.status, 401);
    }
  });

  test('signing out ends the session at once; an admin revokes another staff member’s session', async () => {
    const agent = await signedIn(AGENT);
    const stolenCookie = agent.cookie;
    await agent.post('/console/logout', {});
    const thief = browser();
    thief.cookie = stolenCookie;
    assert.equal((await thief.get('/console/queue')).status, 303);

    const second = await signedIn(AGENT);
    const admin = await signedIn(ADMIN);
    const sessions = await admin.get('/console/staff');
    assert.equal(sessions.status, 200);
    const session = await api.database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('token_hash', '=', (await import('../src/crypto.js')).sha256(second.cookie.split('=')[1] ?? ''))
      .executeTakeFirstOrThrow();
    assert.match(sessions.text, new RegExp(`name="session" value="${session.id}"`));
    // An agent may not revoke anyone's session.
    const refused = await second.post('/console/actions/revoke-session', { session: String(session.id) });
    assert.equal(refused.status, 403);
    const revoked = await admin.post('/console/actions/revoke-session', { session: String(session.id) });
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal((await second.get('/console/queue')).status, 303);
    const [entry] = (await auditOf('console revoke-session')).filter((e) => e.detail.outcome === 'done');
    assert.equal(entry?.actor, `staff:${ADMIN.username}`);
    assert.equal(entry?.subject, `staff-session:${session.id}`);
  });

  test('a form posted from another site is refused', async () => {
    const admin = await signedIn(ADMIN);
    const response = await fetch(`${api.baseUrl}/console/actions/block`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: admin.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'user=1',
    });
    assert.equal(response.status, 403);
  });

  test('a post that says neither where it comes from (no Origin, no Sec-Fetch-Site) is refused, whatever its Referer', async () => {
    const admin = await signedIn(ADMIN);
    const blocked = { userId: await confirmedUser(api.database.db, '699000811') };
    const response = await fetch(`${api.baseUrl}/console/actions/block`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: admin.cookie,
        referer: 'https://evil.example/',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `user=${blocked.userId}`,
    });
    assert.equal(response.status, 403);
    const user = await api.database.db
      .selectFrom('users')
      .select('is_blocked')
      .where('id', '=', blocked.userId)
      .executeTakeFirstOrThrow();
    assert.equal(user.is_blocked, false);
    // The same post as the console's own form sends it is carried out.
    const own = await admin.post('/console/actions/block', { user: blocked.userId });
    assert.equal(own.status, 200, own.text);
  });

  test('a same-origin form post is accepted even with Origin: null (Chromium under no-referrer)', async () => {
    const response = await fetch(`${api.baseUrl}/console/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'username=nobody&password=wrong&code=000000',
    });
    assert.equal(response.status, 401, 'refused for the credentials, not as a cross-site post');
    const crossSite = await fetch(`${api.baseUrl}/console/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=nobody&password=wrong&code=000000',
    });
    assert.equal(crossSite.status, 403);
  });

  test('console pages run no script: the CSP allows styles and images from the API only, forms to itself', async () => {
    const page = await browser().get('/console/login');
    // A refused sign-in answers with its form again, from the POST route: the same policy, or that form cannot post.
    const refused = await browser().post('/console/login', { username: 'nadie', password: 'whatever-it', code: '1' });
    assert.equal(refused.status, 401);
    for (const answer of [page, refused]) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /style-src 'self'/);
      assert.match(csp, /form-action 'self'/);
      assert.doesNotMatch(csp, /script-src/);
      assert.doesNotMatch(answer.text, /<script/);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    }
  });
});

describe('Operators console: customers, the verification queue and loan actions, each audited', () => {
  test('the queue lists a loan in manual verification; approving it moves the customer on', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false });
    const loan = await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    const agent = await signedIn(AGENT);
    const queue = await agent.get('/console/queue');
    assert.match(queue.text, new RegExp(loan.public_id));
    const done = await agent.post('/console/actions/approve', { loan: loan.public_id, back: '/console/queue' });
    assert.equal(done.status, 200, done.text);
    assert.match(done.text, new RegExp(`Préstamo ${loan.public_id} aprobado`));
    const after = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(after.body.status, LoanStatus.AwaitingIssuanceMethod);
    const [entry] = await auditOf('console approve');
    assert.equal(entry?.actor, 'staff:agente');
    assert.equal(entry?.subject, `loan:${me.loanId}`);
    assert.equal(entry?.address, agent.from);
    const transitions = await api.database.db
      .selectFrom('loan_transitions')
      .selectAll()
      .where('loan_id', '=', me.loanId)
      .where('actor_kind', '=', 'operator')
      .execute();
    assert.equal(transitions[0]?.actor_id, 'agente');
  });

  test('a counter-offer approves a lower amount; a denial needs a reason and is shown to the customer', async () => {
    const agent = await signedIn(AGENT);
    const offered = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false, amount: 30_000 });
    const offeredLoan = await waitForStatus(api, offered.headers, [LoanStatus.AwaitingVerification]);
    const counter = await agent.post('/console/actions/approve', { loan: offeredLoan.public_id, amount: '200' });
    assert.equal(counter.status, 200, counter.text);
    const decision = await api.database.db
      .selectFrom('loan_decisions')
      .selectAll()
      .where('loan_id', '=', offered.loanId)
      .where('automated', '=', false)
      .executeTakeFirstOrThrow();
    assert.equal(decision.outcome, 'counter_offer');
    assert.equal(Number(decision.offered_amount), 20_000);

    const denied = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false });
    const deniedLoan = await waitForStatus(api, denied.headers, [LoanStatus.AwaitingVerification]);
    const noReason = await agent.post('/console/actions/deny', { loan: deniedLoan.public_id, reason: ' ' });
    assert.equal(noReason.status, 422);
    assert.match(noReason.text, /Escribe el motivo\./);
    const deny = await agent.post('/console/actions/deny', {
      loan: deniedLoan.public_id,
      reason: 'Ingresos insuficientes',
    });
    assert.equal(deny.status, 200);
    const after = await api.request('GET', '/v2/loan', { headers: denied.headers });
    assert.equal(after.body.status, LoanStatus.Denied);
    // A second decision on the same loan is refused with the loan's conflict message.
    const again = await agent.post('/console/actions/approve', { loan: deniedLoan.public_id });
    assert.equal(again.status, 409);
  });

  test('staff find a customer by phone, DNI/NIE or loan id and see profile, loans and transitions; each view audited', async () => {
    const dni = nextDni();
    const me = await customerAt(api, 'applied', { personalId: dni, iban: false });
    const loan = await waitForStatus(api, me.headers, [
      LoanStatus.AwaitingIssuanceMethod,
      LoanStatus.AwaitingSignContract,
      LoanStatus.AwaitingVerification,
      LoanStatus.Denied,
    ]);
    const agent = await signedIn(AGENT);
    const userId = (
      await api.database.db.selectFrom('loans').select('user_id').where('id', '=', me.loanId).executeTakeFirstOrThrow()
    ).user_id;
    for (const q of [me.phone, dni.toLowerCase(), loan.public_id]) {
      const found = await agent.get(`/console/customers?q=${encodeURIComponent(q)}`);
      assert.equal(found.status, 200);
      assert.match(found.text, new RegExp(`/console/customers/${userId}"`), q);
    }
    const file = await agent.get(`/console/customers/${userId}`);
    assert.equal(file.status, 200);
    for (const part of [dni, loan.public_id, 'Cambios de estado', 'Apuntes contables', 'Pagos', 'Request (0) →']) {
      assert.ok(file.text.includes(part), part);
    }
    // An agent is offered no sale and no blacklist.
    assert.doesNotMatch(file.text, /actions\/(sell|presale|blacklist|admin-link)"/);
    const views = await auditOf('console view-customer');
    assert.ok(views.some((e) => e.subject === `user:${userId}` && e.actor === 'staff:agente'));
    const nothing = await agent.get('/console/customers?q=CR999999999');
    assert.match(nothing.text, /Ningún cliente coincide/);
  });

  test('documents are served to staff only, as JPEG', async () => {
    const me = await customerAt(api, 'applied', { iban: false });
    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('type', 'id_card');
    form.append('document', new Blob([photo], { type: 'image/png' }), 'id.png');
    const uploaded = await fetch(`${api.baseUrl}/v2/user/document`, {
      method: 'POST',
      headers: {
        authorization: me.headers.authorization ?? '',
        'x-forwarded-for': me.headers['x-forwarded-for'] ?? '',
      },
      body: form,
    });
    assert.ok(uploaded.status < 300, await uploaded.text());
    const userId = (
      await api.database.db.selectFrom('loans').select('user_id').where('id', '=', me.loanId).executeTakeFirstOrThrow()
    ).user_id;
    const path = `/console/customers/${userId}/documents/id_card`;
    assert.equal((await browser().get(path)).status, 303);
    const agent = await signedIn(AGENT);
    const image = await fetch(`${api.baseUrl}${path}`, { headers: { cookie: agent.cookie } });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/jpeg');
    assert.equal(image.headers.get('cache-control'), 'no-store');
    const bytes = Buffer.from(await image.arrayBuffer());
    assert.equal(bytes[0], 0xff);
    assert.equal(bytes[1], 0xd8);
    assert.ok((await auditOf('console view-document')).some((e) => e.subject === `user:${userId}`));
  });

  test('roles: an agent cannot sell loans, blacklist, issue admin links or read the audit; the refusal is audited', async () => {
    const agent = await signedIn(AGENT);
    for (const [action, form] of [
      ['sell', { loans: 'CR100001' }],
      [
        'presale',
        { loans: 'CR100001', name: 'B', phone: '1', email: 'b@b.es', holder: 'B', account: '1', swift: 'S', bank: 'B' },
      ],
      ['blacklist', { user: '1' }],
      ['admin-link', { user: '1' }],
    ] as const) {
      const answer = await agent.post(`/console/actions/${action}`, form);
      assert.equal(answer.status, 403, action);
      assert.match(answer.text, /Tu rol no permite esta acción\./);
      const [entry] = (await auditOf(`console ${action}`)).filter((e) => e.detail.outcome === 'forbidden');
      assert.equal(entry?.actor, 'staff:agente', action);
    }
    assert.equal((await agent.get('/console/audit')).status, 403);
    assert.equal((await agent.get('/console/staff')).status, 403);
  });

  test('blocking: the customer cannot sign in or apply; blacklisting by an admin; both audited and reversible', async () => {
    const me = await customerAt(api, 'applied', { iban: false });
    const userId = String(
      (
        await api.database.db
          .selectFrom('loans')
          .select('user_id')
          .where('id', '=', me.loanId)
          .executeTakeFirstOrThrow()
      ).user_id,
    );
    const agent = await signedIn(AGENT);
    assert.equal((await agent.post('/console/actions/block', { user: userId })).status, 200);
    // A blocked customer who has never signed in (an agent brought them) proves the phone and is refused.
    const phone = '699 12 34 57';
    await OPERATOR_COMMANDS['agent-link']?.run([phone, 'laura'], { db: api.database.db, config: api.config });
    const newcomer = await agent.get(`/console/customers?q=${encodeURIComponent(phone)}`);
    const newcomerId = /\/console\/customers\/(\d+)"/.exec(newcomer.text)?.[1] ?? '';
    assert.equal((await agent.post('/console/actions/block', { user: newcomerId })).status, 200);
    const from = { 'x-forwarded-for': '10.250.0.1' };
    const sent = await api.request('POST', '/v2/user/login', {
      headers: from,
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      headers: from,
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
    });
    assert.equal(confirmed.status, 403);
    assert.equal(confirmed.body.errors[0].message, 'Tu cuenta está bloqueada. Llámanos y te ayudamos a desbloquearla.');
    const user = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.body.permissions.is_blocked, true);
    const apply = await api.request('POST', '/v2/loan', {
      headers: me.headers,
      body: { loan_sum: 10_000, loan_period: 10, attempt_reference: `blocked-${me.phone}` },
    });
    assert.equal(apply.status, 403);

    const admin = await signedIn(ADMIN);
    assert.equal((await admin.post('/console/actions/blacklist', { user: userId })).status, 200);
    assert.equal((await api.request('GET', '/v2/user', { headers: me.headers })).body.is_blacklisted, true);
    assert.equal((await agent.post('/console/actions/unblock', { user: userId })).status, 200);
    assert.equal((await api.request('GET', '/v2/user', { headers: me.headers })).body.permissions.is_blocked, false);
    for (const action of ['console block', 'console blacklist', 'console unblock']) {
      const entries = (await auditOf(action)).filter((e) => e.subject === `user:${userId}`);
      assert.equal(entries.length, 1, action);
    }
  });

  test('agent and admin links come from the console with the ops rules; an admin only for the admin link', async () => {
    const me = await customerAt(api, 'applied', { iban: false });
    const userId = String(
      (
        await api.database.db
          .selectFrom('loans')
          .select('user_id')
          .where('id', '=', me.loanId)
          .executeTakeFirstOrThrow()
      ).user_id,
    );
    const agent = await signedIn(AGENT);
    const agentLink = await agent.post('/console/actions/agent-link', { user: userId, amount: '300', term: '15' });
    assert.equal(agentLink.status, 200, agentLink.text);
    assert.match(agentLink.text, /válido 10 minutos/);
    const code = /sessionid=([\w%-]+)/.exec(agentLink.text)?.[1] ?? '';
    const opened = await api.request('GET', `/api/agent/customer/${decodeURIComponent(code)}`);
    assert.equal(opened.status, 200, JSON.stringify(opened.body));

    const admin = await signedIn(ADMIN);
    const adminLink = await admin.post('/console/actions/admin-link', { user: userId });
    assert.equal(adminLink.status, 200);
    assert.match(adminLink.text, /apikey=[\w.%-]+&amp;adminUsername=admin/);
    const [entry] = (await auditOf('console admin-link')).filter((e) => e.detail.outcome === 'done');
    assert.equal(entry?.subject, `user:${userId}`);
  });

  test('a transfer whose concept says PRORROGA is recorded with its days and extends the loan', async () => {
    const me = await customerAt(api, 'active');
    const admin = await signedIn(ADMIN);
    const [extension] = (await api.request('GET', '/v2/loan/prolong', { headers: me.headers })).body.extensions;
    const wrong = await admin.post('/console/actions/payment-received', {
      loan: me.loanId,
      amount: (extension.cost / 100).toFixed(2).replace('.', ','),
      reference: `bank-ext-${me.loanId}`,
      extension_days: 'siete',
    });
    assert.match(wrong.text, /Los días de prórroga deben ser un número entero/);
    const paid = await admin.post('/console/actions/payment-received', {
      loan: me.loanId,
      amount: (extension.cost / 100).toFixed(2).replace('.', ','),
      reference: `bank-ext-${me.loanId}`,
      extension_days: String(extension.term),
    });
    assert.equal(paid.status, 200, paid.text);
    const loan = (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
    assert.equal(loan.status, LoanStatus.Extended);
    assert.equal(loan.must_pay_date, extension.next_pay_date);
  });

  test('loan actions: a bank transfer received, collection, then an admin sells the loan to a buyer', async () => {
    const me = await customerAt(api, 'active');
    const admin = await signedIn(ADMIN);
    const paid = await admin.post('/console/actions/payment-received', {
      loan: me.loanId,
      amount: '10,00',
      reference: `bank-${me.loanId}`,
    });
    assert.equal(paid.status, 200, paid.text);
    assert.match(paid.text, /Pago aplicado al préstamo/);
    const replay = await admin.post('/console/actions/payment-received', {
      loan: me.loanId,
      amount: '10,00',
      reference: `bank-${me.loanId}`,
    });
    assert.match(replay.text, /ya estaba aplicada/);
    const payments = await api.database.db
      .selectFrom('loan_payments')
      .selectAll()
      .where('loan_id', '=', me.loanId)
      .execute();
    assert.equal(payments.length, 1);
    assert.equal(Number(payments[0]?.amount), 1000);

    // Collection is for a late loan: refused while Active, with the loan's own message.
    const early = await admin.post('/console/actions/collection', { loan: me.loanId, step: 'awaiting-collector' });
    assert.equal(early.status, 409);
    await OPERATOR_COMMANDS['advance-days']?.run(['31'], { db: api.database.db, config: api.config });
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body.status, LoanStatus.Overdue);
    const moved = await admin.post('/console/actions/collection', { loan: me.loanId, step: 'awaiting-collector' });
    assert.equal(moved.status, 200, moved.text);
    assert.match(moved.text, new RegExp(`de ${LoanStatus.Overdue} a ${LoanStatus.AwaitingCollector}`));
    const buyer = {
      name: 'Cartera Norte SL',
      phone: '912345678',
      email: 'compras@norte.es',
      holder: 'Cartera Norte SL',
      account: 'ES7921000813610123456789',
      swift: 'CAIXESBBXXX',
      bank: 'CaixaBank',
    };
    const offered = await admin.post('/console/actions/presale', { loans: me.loanId, ...buyer });
    assert.equal(offered.status, 200, offered.text);
    const sold = await admin.post('/console/actions/sell', { loans: me.loanId });
    assert.equal(sold.status, 200, sold.text);
    const view = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(view.body.status, LoanStatus.Sold);
    assert.equal(view.body.cession_portfolio.cession_buyer.name, buyer.name);
  });

  test('the audit is readable in the console by an admin: who, when, what, on whom, from where', async () => {
    const admin = await signedIn(ADMIN);
    const page = await admin.get('/console/audit');
    assert.equal(page.status, 200);
    assert.match(page.text, /Registro de auditoría/);
    assert.match(page.text, /console approve/);
    assert.match(page.text, /staff:agente/);
    assert.match(page.text, /172\.16\.0\.\d+/);
    // Passwords and codes never reach the log.
    const all = await api.database.db.selectFrom('audit_log').select('detail').execute();
    assert.ok(!JSON.stringify(all).includes(AGENT.password));
  });
});
