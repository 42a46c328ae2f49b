import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  auditProblems,
  auditQueryOf,
  createStaff,
  disableStaff,
  SANDBOX_STAFF,
  StaffManagementError,
  searchKindOf,
  totpNow,
} from '../src/staff/index.js';
import { hashPassword, passwordMatches } from '../src/staff/passwords.js';
import { ARGON2_PARAMETERS } from '../src/staff/rules.js';
import { startTestApi, type TestApi } from './harness.js';
import { type StaffCredentials as Credentials, signedInStaff, staffBrowser, staffSignIn } from './staff-browser.js';

let api: TestApi;

before(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

const ADMIN = SANDBOX_STAFF[1];
const browser = (from?: string) => staffBrowser(api, from);
const signInAs = async (member: Credentials, b = browser()) => {
  const { answer } = await staffSignIn(api, member, b);
  return { b, answer };
};
const signedIn = (member: Credentials) => signedInStaff(api, member);

let staffCount = 0;
async function newStaff(role: 'agent' | 'admin'): Promise<Credentials> {
  const created = await createStaff(api.database.db, {
    username: `${role}.${++staffCount}`,
    role,
    createdBy: 'test',
  });
  return { username: created.username, password: created.password, totpSecret: created.totpSecret };
}

const auditOf = (action: string) =>
  api.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const accountOf = (username: string) =>
  api.database.db.selectFrom('staff_accounts').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

let phone = 622_000_000;
/** A registered customer straight in the tables: the search reads only users and profiles. */
async function customerNamed(first: string, surname: string, second: string | null = null) {
  phone += 1;
  const user = await api.database.db
    .insertInto('users')
    .values({ mobile_phone: String(phone) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.database.db
    .insertInto('user_profiles')
    .values({
      user_id: user.id,
      first_name: first,
      first_surname: surname,
      second_surname: second,
      personal_id: `Y${String(phone).slice(-7)}X`,
      expiry_date: '2030-01-01',
      nationality: 'ES',
      birthday: '1990-01-01',
      gender: 'female',
    })
    .execute();
  return { id: String(user.id), phone: String(phone) };
}

/** The customers a search page links to, in order. */
const linkedCustomers = (html: string) => [...html.matchAll(/href="\/console\/customers\/(\d+)"/g)].map((m) => m[1]);

describe('Operators console rules: names and audit filters', () => {
  test("the demo staff's written-down hashes are their passwords', made with today's argon2id parameters", async () => {
    const { memorySize, iterations, parallelism } = ARGON2_PARAMETERS;
    for (const member of SANDBOX_STAFF) {
      assert.ok(member.passwordHash.startsWith(`$argon2id$v=19$m=${memorySize},t=${iterations},p=${parallelism}$`));
      assert.equal(await passwordMatches(member.password, member.passwordHash), true, member.username);
      assert.equal(await passwordMatches(`${member.password}x`, member.passwordHash), false, member.username);
    }
  });

  test("a new staff password is kept as argon2id with today's parameters, a salt of its own, and only it matches", async () => {
    const { memorySize, iterations, parallelism, hashLength } = ARGON2_PARAMETERS;
    const [first, second] = await Promise.all([hashPassword('la clave'), hashPassword('la clave')]);
    for (const encoded of [first, second]) {
      assert.ok(encoded.startsWith(`$argon2id$v=19$m=${memorySize},t=${iterations},p=${parallelism}$`), encoded);
      const digest = encoded.split('$').at(-1) ?? '';
      assert.equal(Buffer.from(digest, 'base64').length, hashLength);
    }
    assert.notEqual(first, second, 'each hash has its own salt');
    assert.equal(await passwordMatches('la clave', first), true);
    assert.equal(await passwordMatches('la clave ', first), false);
    assert.equal(await passwordMatches('la clave', 'not a hash'), false);
  });

  test('the search box reads a name, whatever its case and accents, beside a phone, a DNI/NIE and a loan id', () => {
    assert.deepEqual(searchKindOf('Ana García'), { kind: 'name', value: 'ana garcia' });
    assert.deepEqual(searchKindOf('  ÍÑIGO   martínez '), { kind: 'name', value: 'inigo martinez' });
    assert.deepEqual(searchKindOf("O'Neill-Pérez"), { kind: 'name', value: "o'neill-perez" });
    assert.equal(searchKindOf('a')?.kind, undefined);
    assert.equal(searchKindOf('12ab'), null);
    assert.equal(searchKindOf('612345678')?.kind, 'phone');
    assert.equal(searchKindOf('X1234567L')?.kind, 'personal_id');
    assert.equal(searchKindOf('CR100001')?.kind, 'loan');
  });

  test('audit filters: real days in order, a readable customer, a staff username', () => {
    const problems = (query: Record<string, string>) => auditProblems(auditQueryOf(query));
    assert.deepEqual(problems({ staff: 'agente', action: 'sign-in', from: '2026-01-01', to: '2026-01-31' }), {});
    assert.deepEqual(problems({ from: '2026-02-30' }), { from: 'dateInvalid' });
    assert.deepEqual(problems({ to: 'ayer' }), { to: 'dateInvalid' });
    assert.deepEqual(problems({ from: '2026-13-01' }), { from: 'dateInvalid' });
    assert.deepEqual(problems({ from: '2026-02-02', to: '2026-02-01' }), { to: 'dateOrder' });
    assert.deepEqual(problems({ customer: '12ab' }), { customer: 'customerUnreadable' });
    assert.deepEqual(problems({ staff: 'Not a name!' }), { staff: 'staffUnknown' });
    assert.equal(auditQueryOf({ page: '-3' }).page, 1);
    assert.equal(auditQueryOf({ page: '4' }).page, 4);
  });
});

describe('Operators console: finding a customer by name', () => {
  test('first name and surnames, in part, in any case, with or without accents; every word must match; audited', async () => {
    const inigo = await customerNamed('Íñigo', 'Martínez', 'López');
    const ines = await customerNamed('Inés', 'Martín', 'Ruiz');
    const ana = await customerNamed('Ana', 'GARCÍA', null);
    const agent = await signedIn(SANDBOX_STAFF[0]);
    const martin = await agent.get(`/console/customers?q=${encodeURIComponent('martin')}`);
    assert.equal(martin.status, 200);
    assert.deepEqual(linkedCustomers(martin.text).sort(), [inigo.id, ines.id].sort());
    const one = await agent.get(`/console/customers?q=${encodeURIComponent('INIGO martínez')}`);
    assert.deepEqual(linkedCustomers(one.text), [inigo.id]);
    const accented = await agent.get(`/console/customers?q=${encodeURIComponent('garcía')}`);
    assert.deepEqual(linkedCustomers(accented.text), [ana.id]);
    const partial = await agent.get(`/console/customers?q=${encodeURIComponent('lóp')}`);
    assert.deepEqual(linkedCustomers(partial.text), [inigo.id]);
    const none = await agent.get(`/console/customers?q=${encodeURIComponent('Zacarías')}`);
    assert.match(none.text, /Ningún cliente coincide/);
    const searches = (await auditOf('console search')).filter((e) => e.detail.kind === 'name');
    assert.ok(
      searches.some((e) => e.detail.q === 'INIGO martínez' && e.detail.found === 1 && e.actor === 'staff:agente'),
    );
  });

  test('many matches come as a list in pages of 20, ordered by surname, with links to the next and previous page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await customerNamed('Lucía', `Sánchez${String(i).padStart(2, '0')}`)).id);
    const agent = await signedIn(SANDBOX_STAFF[0]);
    const first = await agent.get('/console/customers?q=sanchez');
    assert.deepEqual(linkedCustomers(first.text), ids.slice(0, 20));
    assert.match(first.text, /href="\/console\/customers\?q=sanchez&amp;page=2" rel="next">Página siguiente/);
    assert.doesNotMatch(first.text, /rel="prev"/);
    const second = await agent.get('/console/customers?q=sanchez&page=2');
    assert.deepEqual(linkedCustomers(second.text), ids.slice(20));
    assert.match(second.text, /href="\/console\/customers\?q=sanchez" rel="prev"/);
    assert.doesNotMatch(second.text, /rel="next"/);
  });

  test('a search that is neither a name nor a phone, DNI/NIE or loan id: the message on the field, nothing searched', async () => {
    const agent = await signedIn(SANDBOX_STAFF[0]);
    const before = (await auditOf('console search')).length;
    const answer = await agent.get('/console/customers?q=12ab');
    assert.equal(answer.status, 422);
    assert.match(answer.text, /<input id="q" name="q"[^>]*aria-invalid="true" aria-describedby="q-note">/);
    assert.match(answer.text, /<p id="q-note" class="field-error">Escribe un nombre o apellido/);
    assert.equal((await auditOf('console search')).length, before);
  });
});

describe('Operators console: the audit, filtered and in pages, for admins only', () => {
  test('by staff member, by action, by customer (and their loans), by days; every reading audited', async () => {
    const customer = await customerNamed('Rosa', 'Filtro');
    const agent = await signedIn(SANDBOX_STAFF[0]);
    const seen = await agent.get(`/console/customers/${customer.id}`);
    assert.equal(seen.status, 200);
    assert.doesNotMatch(seen.text, /\/console\/audit/, 'no audit link for an agent');
    const admin = await signedIn(ADMIN);
    const file = await admin.get(`/console/customers/${customer.id}`);
    assert.match(
      file.text,
      new RegExp(`href="/console/audit\\?customer=${customer.phone}">Ver su registro de auditoría`),
    );

    const byStaff = await admin.get('/console/audit?staff=agente');
    assert.equal(byStaff.status, 200);
    const actors = [...byStaff.text.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td>/g)].map((m) => m[1]);
    assert.ok(actors.length > 0);
    assert.deepEqual([...new Set(actors)], ['staff:agente']);
    assert.match(byStaff.text, /<option value="agente" selected>/);

    const byAction = await admin.get('/console/audit?action=VIEW-CUSTOMER');
    const actions = [...byAction.text.matchAll(/<td>(console [^<]*)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(actions)], ['console view-customer']);

    const byCustomer = await admin.get(`/console/audit?customer=${customer.phone}`);
    const subjects = [...byCustomer.text.matchAll(/<td>(user:\d+|loan:\d+)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(subjects)], [`user:${customer.id}`]);
    const byName = await admin.get('/console/audit?customer=rosa+filtro');
    assert.match(byName.text, new RegExp(`<td>user:${customer.id}</td>`));

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
    const todays = await admin.get(`/console/audit?customer=${customer.phone}&from=${today}&to=${today}`);
    assert.match(todays.text, new RegExp(`<td>user:${customer.id}</td>`));
    const future = await admin.get(`/console/audit?from=${tomorrow}`);
    assert.match(future.text, /Sin entradas\./);

    const reads = (await auditOf('console read-audit')).filter((e) => e.detail.customer === customer.phone);
    assert.ok(reads.length >= 2);
    assert.equal(reads[0]?.actor, 'staff:admin');
  });

  test('a wrong filter is said on its field and lists nothing', async () => {
    const admin = await signedIn(ADMIN);
    const reversed = await admin.get('/console/audit?from=2026-03-02&to=2026-03-01');
    assert.equal(reversed.status, 422);
    assert.match(reversed.text, /<input id="to" name="to"[^>]*aria-invalid="true"/);
    assert.match(
      reversed.text,
      /<p id="to-note" class="field-error">La fecha final no puede ser anterior a la inicial\.<\/p>/,
    );
    assert.doesNotMatch(reversed.text, /<table>/);
    const invalid = await admin.get('/console/audit?from=2026-13-01');
    assert.equal(invalid.status, 422);
    assert.match(invalid.text, /<p id="from-note" class="field-error">Escribe una fecha válida/);
    const unreadable = await admin.get('/console/audit?customer=%3Cscript%3E');
    assert.equal(unreadable.status, 422);
    assert.match(unreadable.text, /value="&lt;script&gt;"/);
    assert.match(unreadable.text, /<p id="customer-note" class="field-error">/);
  });

  test('pages of 50 entries, newest first, the filters kept in the page links', async () => {
    const admin = await signedIn(ADMIN);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      actor: 'staff:admin',
      subject: null,
      action: 'console page-test',
      address: '10.0.0.1',
      detail: JSON.stringify({ n: i }),
    }));
    await api.database.db.insertInto('audit_log').values(rows).execute();
    const first = await admin.get('/console/audit?action=page-test');
    const numbers = (html: string) => [...html.matchAll(/\{&quot;n&quot;:(\d+)\}/g)].map((m) => Number(m[1]));
    assert.deepEqual(
      numbers(first.text),
      Array.from({ length: 50 }, (_, i) => 59 - i),
    );
    assert.match(first.text, /href="\/console\/audit\?action=page-test&amp;page=2" rel="next"/);
    const second = await admin.get('/console/audit?action=page-test&page=2');
    assert.deepEqual(
      numbers(second.text),
      Array.from({ length: 10 }, (_, i) => 9 - i),
    );
    assert.doesNotMatch(second.text, /rel="next"/);
  });

  test('an agent gets 403 on the audit, audited', async () => {
    const agent = await signedIn(SANDBOX_STAFF[0]);
    assert.equal((await agent.get('/console/audit?staff=admin')).status, 403);
    const denied = await auditOf('console denied readAudit');
    assert.equal(denied.at(-1)?.actor, 'staff:agente');
  });
});

describe('Operators console: staff management by admins', () => {
  test('an admin lists the staff; disabling an agent ends their sessions at once and they cannot sign in; re-enabling lets them back', async () => {
    const member = await newStaff('agent');
    const agent = await signedIn(member);
    const admin = await signedIn(ADMIN);
    const list = await admin.get('/console/staff');
    assert.equal(list.status, 200);
    assert.match(list.text, new RegExp(`<td>${member.username}</td><td>agente</td><td>Activa</td>`));
    assert.match(list.text, new RegExp(`Desactivar ${member.username}`));

    const disabled = await admin.post('/console/actions/staff-disable', { username: member.username });
    assert.equal(disabled.status, 200, disabled.text);
    assert.match(disabled.text, new RegExp(`Cuenta ${member.username} desactivada`));
    const next = await agent.get('/console/queue');
    assert.equal(next.status, 303);
    assert.equal(next.location, '/console/login');
    const refused = await signInAs(member);
    assert.equal(refused.answer.status, 401);
    assert.match(refused.answer.text, /Usuario, contraseña o código incorrectos\./);
    const live = await api.database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', (await accountOf(member.username)).id)
      .where('revoked_at', 'is', null)
      .execute();
    assert.deepEqual(live, []);
    assert.match((await admin.get('/console/staff')).text, /Desactivada por admin/);

    const [entry] = (await auditOf('console staff-disable')).filter((e) => e.detail.username === member.username);
    assert.equal(entry?.actor, 'staff:admin');
    assert.equal(entry?.subject, `staff:${member.username}`);
    assert.equal(entry?.detail.outcome, 'done');
    assert.equal(entry?.address, admin.from, 'the address of the admin who acted');
    assert.ok(entry?.at instanceof Date);

    assert.equal((await admin.post('/console/actions/staff-enable', { username: member.username })).status, 200);
    await signedIn(member);
    assert.equal((await auditOf('console staff-enable')).at(-1)?.subject, `staff:${member.username}`);
  });

  test('an admin cannot disable or reset themself, and the last active admin is never disabled', async () => {
    const admin = await signedIn(ADMIN);
    const page = await admin.get('/console/staff');
    assert.doesNotMatch(page.text, /Desactivar admin</);
    for (const action of ['staff-disable', 'staff-reset-password', 'staff-reset-totp']) {
      const answer = await admin.post(`/console/actions/${action}`, { username: 'admin' });
      assert.equal(answer.status, 422, action);
      assert.match(answer.text, /No puedes hacer esto con tu propia cuenta/);
      assert.equal((await auditOf(`console ${action}`)).at(-1)?.detail.outcome, 'refused');
    }
    const account = await accountOf('admin');
    assert.equal(account.disabled_at, null);
    assert.equal(account.password_reset_at, null);

    // Two admins disabling each other at the same moment leave one: the second finds the last active admin.
    const second = await newStaff('admin');
    const other = await signedIn(second);
    const [a, b] = await Promise.all([
      admin.post('/console/actions/staff-disable', { username: second.username }),
      other.post('/console/actions/staff-disable', { username: 'admin' }),
    ]);
    assert.deepEqual([a.status, b.status].filter((s) => s === 200).length, 1, `${a.status} ${b.status}`);
    const active = await api.database.db
      .selectFrom('staff_accounts')
      .select('username')
      .where('role', '=', 'admin')
      .where('disabled_at', 'is', null)
      .execute();
    assert.equal(active.length >= 1, true);
    // Whoever is left is the last active admin: the rule itself, asked directly as the disabled one.
    const survivor = a.status === 200 ? 'admin' : second.username;
    const loser = a.status === 200 ? second.username : 'admin';
    const activeAdmins = active.map((row) => row.username);
    if (activeAdmins.length === 1) {
      await assert.rejects(
        disableStaff(api.database.db, { ...(await memberOf(loser)), sessionId: '0' }, survivor),
        (error) => error instanceof StaffManagementError && error.reason === 'lastAdmin',
      );
    }
    // Put the other admin back for the tests that follow.
    await api.database.db
      .updateTable('staff_accounts')
      .set({ disabled_at: null, disabled_by: null })
      .where('username', '=', loser)
      .execute();
  });

  test('a password reset shows a temporary password once; it must be changed at the next sign-in, bad input changing nothing', async () => {
    const member = await newStaff('agent');
    const agent = await signedIn(member);
    const admin = await signedIn(ADMIN);
    const reset = await admin.post('/console/actions/staff-reset-password', { username: member.username });
    assert.equal(reset.status, 200, reset.text);
    const temporary = /Contraseña temporal: ([\w-]+)</.exec(reset.text)?.[1] ?? '';
    assert.ok(temporary.length >= 20);
    assert.equal((await agent.get('/console/queue')).status, 303, 'the sessions ended');
    assert.equal((await signInAs(member)).answer.status, 401, 'the old password is gone');
    const all = await api.database.db.selectFrom('audit_log').select('detail').execute();
    assert.ok(!JSON.stringify(all).includes(temporary), 'never in the audit log');

    const { b, answer } = await signInAs({ ...member, password: temporary });
    assert.equal(answer.status, 303);
    assert.equal(answer.location, '/console/setup');
    assert.equal((await b.get('/console/customers')).location, '/console/setup');
    assert.equal((await b.post('/console/actions/block', { user: '1' })).status, 403);
    const setup = await b.get('/console/setup');
    assert.match(setup.text, /Nueva contraseña/);
    assert.doesNotMatch(setup.text, /Secreto TOTP/);

    const hashBefore = (await accountOf(member.username)).password_hash;
    for (const [form, fieldName, message] of [
      [{ password: 'corta', repeat: 'corta' }, 'password', 'La contraseña debe tener 12 caracteres como mínimo.'],
      [{ password: temporary, repeat: temporary }, 'password', 'La nueva contraseña no puede ser la temporal.'],
      [{ password: 'una-nueva-larga-1', repeat: 'otra-distinta-22' }, 'repeat', 'Las dos contraseñas no coinciden.'],
    ] as const) {
      const wrong = await b.post('/console/setup', form);
      assert.equal(wrong.status, 422, message);
      assert.match(wrong.text, new RegExp(`<p id="${fieldName}-note" class="field-error">${message}</p>`));
      assert.match(wrong.text, new RegExp(`<input id="${fieldName}" name="${fieldName}"[^>]*aria-invalid="true"`));
    }
    const after = await accountOf(member.username);
    assert.equal(after.password_hash, hashBefore, 'bad input changed nothing');
    assert.notEqual(after.password_reset_at, null);

    const done = await b.post('/console/setup', { password: 'una-nueva-larga-1', repeat: 'una-nueva-larga-1' });
    assert.equal(done.status, 303);
    assert.equal(done.location, '/console/queue');
    assert.equal((await b.get('/console/queue')).status, 200);
    assert.equal((await accountOf(member.username)).password_reset_at, null);
    assert.equal((await signInAs({ ...member, password: temporary })).answer.status, 401);
    await signedIn({ ...member, password: 'una-nueva-larga-1' });
    const setups = (await auditOf('console setup')).filter((e) => e.actor === `staff:${member.username}`);
    assert.deepEqual(
      setups.map((e) => e.detail.outcome),
      ['refused', 'refused', 'refused', 'done'],
    );
    assert.equal((await auditOf('console staff-reset-password')).at(-1)?.subject, `staff:${member.username}`);
  });

  test('a second-factor reset: the next sign-in takes the password alone and enrols a new secret; the old codes stop working', async () => {
    const member = await newStaff('agent');
    const agent = await signedIn(member);
    const admin = await signedIn(ADMIN);
    const reset = await admin.post('/console/actions/staff-reset-totp', { username: member.username });
    assert.equal(reset.status, 200, reset.text);
    assert.doesNotMatch(reset.text, /otpauth:/, 'the admin never sees the new secret');
    assert.equal((await agent.get('/console/queue')).status, 303, 'the sessions ended');
    assert.equal(
      (await browser().post('/console/login', { username: member.username, password: 'wrong-password', code: '' }))
        .status,
      401,
      'the password is still needed',
    );

    const b = browser();
    const signIn = await b.post('/console/login', { username: member.username, password: member.password, code: '' });
    assert.equal(signIn.location, '/console/setup');
    const setup = await b.get('/console/setup');
    const secret = /Secreto TOTP: <code class="link">([A-Z2-7]+)<\/code>/.exec(setup.text)?.[1] ?? '';
    assert.ok(secret.length >= 32);
    assert.notEqual(secret, member.totpSecret);
    assert.match(setup.text, /otpauth:\/\/totp\/Credimo:agent\.\d+\?/);

    const wrong = await b.post('/console/setup', { code: totpNow(member.totpSecret) });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /<p id="code-note" class="field-error">El código no es correcto\./);
    assert.notEqual((await accountOf(member.username)).totp_reset_at, null);
    const done = await b.post('/console/setup', { code: totpNow(secret) });
    assert.equal(done.status, 303);
    assert.equal(done.location, '/console/queue');

    assert.equal((await signInAs(member)).answer.status, 401, 'the old secret no longer signs in');
    await signedIn({ ...member, totpSecret: secret });
  });

  test('agents get 403 on all of it, each refusal audited; a cross-site form changes nothing', async () => {
    const target = await newStaff('agent');
    const agent = await signedIn(SANDBOX_STAFF[0]);
    assert.equal((await agent.get('/console/staff')).status, 403);
    assert.equal((await auditOf('console denied manageStaff')).at(-1)?.actor, 'staff:agente');
    for (const action of [
      'staff-disable',
      'staff-enable',
      'staff-reset-password',
      'staff-reset-totp',
      'staff-create',
    ]) {
      const answer = await agent.post(`/console/actions/${action}`, { username: target.username, role: 'admin' });
      assert.equal(answer.status, 403, action);
      const entry = (await auditOf(`console ${action}`)).at(-1);
      assert.equal(entry?.actor, 'staff:agente', action);
      assert.equal(entry?.detail.outcome, 'forbidden', action);
    }
    const admin = await signedIn(ADMIN);
    const forged = await admin.post(
      '/console/actions/staff-disable',
      { username: target.username },
      { 'sec-fetch-site': 'cross-site' },
    );
    assert.equal(forged.status, 403);
    const account = await accountOf(target.username);
    assert.equal(account.disabled_at, null);
    assert.equal(account.password_reset_at, null);
    assert.equal(account.totp_reset_at, null);
  });
});

async function memberOf(username: string) {
  const row = await accountOf(username);
  return { staffId: String(row.id), username: row.username, role: row.role };
}
