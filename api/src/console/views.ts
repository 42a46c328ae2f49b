import { LoanStatus } from '@credimo/shared/domain';
import { formatMoney } from '@credimo/shared/format';
import { fill } from '@credimo/shared/i18n';
import { consoleTexts as texts } from '@credimo/shared/i18n/screens/console';
import { consoleBankTexts } from '@credimo/shared/i18n/screens/console-bank';
import { forbearance as forbearanceTexts } from '@credimo/shared/i18n/screens/forbearance';
import type { StaffRole } from '../db/schema';
import { escapeHtml } from '../documents/html';
import { COLLECTION_STEPS } from '../domain/servicing-rules';
import { type StaffMember, setupPending } from '../staff/accounts';
import type { AuditField, AuditProblem, AuditQuery } from '../staff/audit-reading';
import type { CustomerFile } from '../staff/customers';
import type { SetupField, SetupProblem } from '../staff/management';
import { may, type StaffPermission } from '../staff/rules';

/**
 * The console's pages, rendered on the server: plain HTML forms, no scripts (the CSP allows none), styles from
 * /console/console.css. Every value that came from a person or the database goes through `escape`.
 */
export const CONSOLE_PATH = '/console';

export const esc = escapeHtml;

/** A console text with its values escaped: they come from people and the database. */
export const say = (text: string, params: Record<string, string | number>) =>
  fill(text, Object.fromEntries(Object.entries(params).map(([name, value]) => [name, esc(value)])));

const STATUS_NAMES = new Map<number, string>(Object.entries(LoanStatus).map(([name, number]) => [number, name]));
export const statusName = (status: number) => `${STATUS_NAMES.get(status) ?? '?'} (${status})`;

export const when = (value: unknown) =>
  value ? esc(new Date(value as string).toISOString().replace('T', ' ').slice(0, 19)) : '';
const euros = (cents: unknown) => (cents === null || cents === undefined ? '' : esc(formatMoney(Number(cents))));
const yesNo = (value: unknown) => (value ? texts.yes : texts.no);
const roleName = (role: StaffRole) => (role === 'admin' ? texts.roleAdmin : texts.roleAgent);

export function table(headings: string[], rows: string[][], empty = ''): string {
  if (rows.length === 0) return empty ? `<p>${esc(empty)}</p>` : '';
  return `<table><thead><tr>${headings.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')}</tbody></table>`;
}

export const hidden = (name: string, value: unknown) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
const input = (name: string, label: string, attributes = '') =>
  `<label>${esc(label)} <input name="${name}" ${attributes}></label>`;

/**
 * A form field with its own message: a problem is said under the field it concerns (aria-invalid, and
 * aria-describedby pointing at the message), a hint likewise when there is no problem.
 */
function field(
  name: string,
  label: string,
  attributes: string,
  { problem, hint, id = name }: { problem?: string | null; hint?: string; id?: string } = {},
): string {
  const note = problem ?? hint;
  const described = note ? ` aria-describedby="${id}-note"` : '';
  const invalid = problem ? ' aria-invalid="true"' : '';
  return `<div class="field"><label for="${id}">${esc(label)}</label>
<input id="${id}" name="${name}" ${attributes}${invalid}${described}>${
    note ? `<p id="${id}-note" class="${problem ? 'field-error' : 'hint'}">${esc(note)}</p>` : ''
  }</div>`;
}

/** Links to the previous and next page of a list, keeping its query. */
function pager(path: string, params: Record<string, string>, page: number, more: boolean): string {
  if (page <= 1 && !more) return '';
  const href = (to: number) => {
    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
    if (to > 1) query.set('page', String(to));
    const text = query.toString();
    return esc(`${path}${text ? `?${text}` : ''}`);
  };
  const links = [
    page > 1 ? `<li><a href="${href(page - 1)}" rel="prev">${esc(texts.previousPage)}</a></li>` : '',
    `<li aria-current="page">${say(texts.pageNumber, { page })}</li>`,
    more ? `<li><a href="${href(page + 1)}" rel="next">${esc(texts.nextPage)}</a></li>` : '',
  ];
  return `<nav class="pager" aria-label="${esc(texts.pagination)}"><ul>${links.join('')}</ul></nav>`;
}

/** A form posting one console action; `back` is where the result page links to. */
export function actionForm(
  action: string,
  fields: string,
  button: string,
  back: string,
  options: { inline?: boolean; danger?: boolean } = {},
) {
  return `<form method="post" action="${CONSOLE_PATH}/actions/${action}" class="${options.inline ? 'inline' : 'box'}">
${hidden('back', back)}${fields}
<button type="submit"${options.danger ? ' class="danger"' : ''}>${esc(button)}</button>
</form>`;
}

function nav(member: StaffMember): string {
  const items: Array<[StaffPermission, string, string]> = [
    ['queue', `${CONSOLE_PATH}/queue`, texts.navQueue],
    ['search', `${CONSOLE_PATH}/customers`, texts.navSearch],
    ['readAudit', `${CONSOLE_PATH}/audit`, texts.navAudit],
    ['manageStaff', `${CONSOLE_PATH}/staff`, texts.navStaff],
    ['bankFiles', `${CONSOLE_PATH}/bank`, consoleBankTexts.nav],
  ];
  const links = items
    .filter(([permission]) => !setupPending(member) && may(member.role, permission))
    .map(([, href, label]) => `<li><a href="${href}">${esc(label)}</a></li>`)
    .join('');
  return `<nav aria-label="${esc(texts.title)}"><ul>${links}</ul></nav>
<p>${say(texts.signedInAs, { username: member.username, role: roleName(member.role) })}</p>
<form method="post" action="${CONSOLE_PATH}/logout"><button type="submit">${esc(texts.signOut)}</button></form>`;
}

export function layout(title: string, member: StaffMember | null, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · ${esc(texts.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${CONSOLE_PATH}/console.css">
</head>
<body>
<header><strong>${esc(texts.title)}</strong>${member ? nav(member) : ''}</header>
<main>
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function signInPage(problem: string | null, sandbox: boolean): string {
  return layout(
    texts.signInTitle,
    null,
    `${problem ? `<p class="alert" role="alert">${esc(problem)}</p>` : ''}
<form method="post" action="${CONSOLE_PATH}/login" class="box">
${input('username', texts.username, 'autocomplete="username" required')}
${input('password', texts.password, 'type="password" autocomplete="current-password" required')}
${field('code', texts.code, 'inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}"', { hint: texts.codeHint })}
<button type="submit">${esc(texts.signIn)}</button>
</form>
${sandbox ? `<p class="note">${esc(texts.sandboxStaff)}</p>` : ''}`,
  );
}

export function messagePage(member: StaffMember | null, title: string, message: string): string {
  return layout(
    title,
    member,
    `<p class="alert" role="alert">${esc(message)}</p><p><a href="${CONSOLE_PATH}">${esc(texts.backToConsole)}</a></p>`,
  );
}

export function resultPage(
  member: StaffMember,
  outcome: { ok: boolean; lines: string[]; link?: string },
  back: string,
): string {
  const lines = outcome.lines.map((line) => `<p>${esc(line)}</p>`).join('\n');
  return layout(
    outcome.ok ? texts.done : texts.failed,
    member,
    `<div class="${outcome.ok ? 'ok' : 'alert'}" role="${outcome.ok ? 'status' : 'alert'}">${lines}</div>
${outcome.link ? `<p><code class="link">${esc(outcome.link)}</code></p>` : ''}
<p><a href="${esc(back)}">${esc(texts.backToConsole)}</a></p>`,
  );
}

type QueueRow = {
  id: string;
  public_id: string;
  user_id: string;
  request_amount: string | number;
  term: number;
  status_changed_at: Date;
  mobile_phone: string;
  first_name: string | null;
  first_surname: string | null;
};

/** `more`: further sections of the queue (the reviews customers asked for), already rendered. */
export function queuePage(member: StaffMember, rows: QueueRow[], more = ''): string {
  const back = `${CONSOLE_PATH}/queue`;
  const decide = may(member.role, 'decide');
  const body = table(
    [texts.loan, texts.customer, texts.amount, texts.term, texts.since, texts.actions],
    rows.map((row) => [
      esc(row.public_id),
      `<a href="${CONSOLE_PATH}/customers/${esc(row.user_id)}">${esc(
        [row.first_name, row.first_surname].filter(Boolean).join(' ') || row.mobile_phone,
      )}</a>`,
      euros(row.request_amount),
      esc(row.term),
      when(row.status_changed_at),
      decide ? decisionForms(row.public_id, back) : '',
    ]),
    texts.queueEmpty,
  );
  return layout(texts.queueTitle, member, `${body}${more}`);
}

function decisionForms(loan: string, back: string): string {
  const id = esc(loan);
  return [
    actionForm('approve', hidden('loan', loan), `${texts.approve} ${loan}`, back, { inline: true }),
    actionForm(
      'approve',
      hidden('loan', loan) +
        input('amount', texts.counterOfferAmount, `id="amount-${id}" inputmode="decimal" required`),
      texts.counterOffer,
      back,
      { inline: true },
    ),
    actionForm(
      'deny',
      hidden('loan', loan) + input('reason', texts.denyReason, `id="reason-${id}" required maxlength="200"`),
      `${texts.deny} ${loan}`,
      back,
      { inline: true, danger: true },
    ),
  ].join('\n');
}

type Summary = {
  id: string;
  mobile_phone: string;
  is_blocked: boolean;
  is_blacklisted: boolean;
  first_name: string | null;
  first_surname: string | null;
  personal_id: string | null;
};

export function searchPage(
  member: StaffMember,
  query: string,
  results: Summary[] | null,
  problem: string | null,
  paging: { page: number; more: boolean } = { page: 1, more: false },
): string {
  const form = `<form method="get" action="${CONSOLE_PATH}/customers" class="box" role="search">
${field('q', texts.searchLabel, `value="${esc(query)}" required maxlength="40"`, { problem })}
<button type="submit">${esc(texts.search)}</button>
</form>`;
  const found =
    results === null
      ? ''
      : (paging.page > 1 && results.length === 0 ? `<p>${esc(texts.searchNothing)}</p>` : '') +
        table(
          [texts.customer, texts.phone, texts.personalId, texts.blocked, texts.blacklisted],
          results.map((row) => [
            `<a href="${CONSOLE_PATH}/customers/${esc(row.id)}">${esc(
              [row.first_name, row.first_surname].filter(Boolean).join(' ') || `#${row.id}`,
            )}</a>`,
            esc(row.mobile_phone),
            esc(row.personal_id),
            yesNo(row.is_blocked),
            yesNo(row.is_blacklisted),
          ]),
          paging.page > 1 ? '' : texts.searchNothing,
        ) +
        pager(`${CONSOLE_PATH}/customers`, { q: query }, paging.page, paging.more);
  return layout(texts.searchTitle, member, `${form}${found}`);
}

function definitionList(entries: Array<[string, unknown]>): string {
  return `<dl>${entries.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`;
}

/** `more`: further sections (collection's calls), already rendered, after the customer's actions. */
export function customerPage(member: StaffMember, file: CustomerFile, more = ''): string {
  const { user, profile } = file;
  const back = `${CONSOLE_PATH}/customers/${user.id}`;
  const name = profile
    ? [profile.first_name, profile.first_surname, profile.second_surname].filter(Boolean).join(' ')
    : '';
  const sections = [
    `<h2>${esc(texts.profile)}</h2>`,
    definitionList([
      [texts.phone, user.mobile_phone],
      [texts.name, name],
      [texts.personalId, profile?.personal_id],
      [texts.email, profile?.email],
      [texts.birthday, profile?.birthday],
      [texts.registered, when(user.created_at)],
      [texts.blocked, yesNo(user.is_blocked)],
      [texts.blacklisted, yesNo(user.is_blacklisted)],
      [texts.registeredByAgent, yesNo(user.registered_by_agent)],
    ]),
    `<h3>${esc(texts.addresses)}</h3>`,
    table(
      ['', texts.addresses],
      file.addresses.map((a) => [
        esc(a.kind),
        esc([a.street, a.house, a.block, a.apartment, a.postal_code, a.city, a.region].filter(Boolean).join(', ')),
      ]),
    ),
    file.employment
      ? `<h3>${esc(texts.employment)}</h3>${definitionList(Object.entries(file.employment).filter(([k]) => k !== 'user_id'))}`
      : '',
    may(member.role, 'readAudit')
      ? `<p><a href="${CONSOLE_PATH}/audit?customer=${esc(encodeURIComponent(user.mobile_phone))}">${esc(texts.customerAudit)}</a></p>`
      : '',
    `<h2>${esc(texts.documents)}</h2>`,
    documentsSection(user.id, file.documents),
    `<h2>${esc(texts.actions)}</h2>`,
    customerActions(member, user, back),
    more,
    `<h2>${esc(texts.loans)}</h2>`,
    file.loans.length === 0
      ? `<p>${esc(texts.noLoans)}</p>`
      : file.loans.map((entry) => loanSection(member, entry, back)).join('\n'),
  ];
  return layout(`${texts.customer} ${name || user.mobile_phone}`, member, sections.join('\n'));
}

function documentsSection(userId: string, documents: CustomerFile['documents']): string {
  if (documents.length === 0) return `<p>${esc(texts.noDocuments)}</p>`;
  return documents
    .map((doc) =>
      doc.skipped
        ? `<p>${esc(doc.type)}: ${esc(texts.skipped)}</p>`
        : `<figure><img class="document" src="${CONSOLE_PATH}/customers/${esc(userId)}/documents/${esc(doc.type)}" alt="${esc(doc.type)}">
<figcaption>${esc(doc.type)} · ${when(doc.uploaded_at)}</figcaption></figure>`,
    )
    .join('\n');
}

function customerActions(member: StaffMember, user: CustomerFile['user'], back: string): string {
  const forms: string[] = [];
  const userField = hidden('user', user.id);
  if (may(member.role, 'agentLink')) {
    forms.push(
      actionForm(
        'agent-link',
        userField +
          input('amount', texts.agentLinkAmount, 'inputmode="numeric"') +
          input('term', texts.agentLinkTerm, 'inputmode="numeric"'),
        `${texts.createLink}: ${texts.agentLink}`,
        back,
      ),
    );
  }
  if (may(member.role, 'adminLink')) {
    forms.push(actionForm('admin-link', userField, `${texts.createLink}: ${texts.adminLink}`, back));
  }
  if (may(member.role, 'block')) {
    forms.push(
      user.is_blocked
        ? actionForm('unblock', userField, texts.unblock, back, { inline: true })
        : actionForm('block', userField, texts.block, back, { inline: true, danger: true }),
    );
  }
  if (may(member.role, 'blacklist')) {
    forms.push(
      user.is_blacklisted
        ? actionForm('unblacklist', userField, texts.unblacklist, back, { inline: true })
        : actionForm('blacklist', userField, texts.blacklist, back, { inline: true, danger: true }),
    );
  }
  return forms.join('\n');
}

function loanSection(member: StaffMember, entry: CustomerFile['loans'][number], back: string): string {
  const { loan } = entry;
  const id = esc(loan.public_id);
  const parts = [
    `<section class="loan" aria-labelledby="loan-${id}"><h3 id="loan-${id}">${esc(texts.loan)} ${id}</h3>`,
    definitionList([
      [texts.status, statusName(loan.status)],
      [texts.requested, `${formatMoney(Number(loan.request_amount))} · ${loan.term} d`],
      [texts.returnAmount, formatMoney(Number(loan.return_amount))],
      [texts.dueDate, loan.must_pay_date ?? ''],
    ]),
    `<h4>${esc(texts.transitions)}</h4>`,
    table(
      [texts.when, texts.status, texts.who, texts.reason],
      entry.transitions.map((row) => [
        when(row.at),
        `${esc(statusName(row.from_status))} → ${esc(statusName(row.to_status))}`,
        esc(`${row.actor_kind}${row.actor_id ? `:${row.actor_id}` : ''}`),
        esc(row.reason),
      ]),
    ),
    `<h4>${esc(texts.decisions)}</h4>`,
    table(
      [texts.when, texts.what, texts.who, texts.reason, texts.amount],
      entry.decisions.map((row) => [
        when(row.at),
        esc(row.outcome),
        esc(row.decided_by),
        esc(row.reasons.map((reason) => reason.text).join('; ')),
        euros(row.offered_amount),
      ]),
    ),
    `<h4>${esc(texts.postings)}</h4>`,
    table(
      [texts.when, texts.what, texts.account, texts.amount],
      entry.postings.map((row) => [when(row.at), esc(row.kind), esc(row.code), euros(row.amount)]),
    ),
    `<h4>${esc(texts.payments)}</h4>`,
    table(
      [texts.when, texts.what, texts.detail, texts.amount],
      entry.payments.map((row) => [
        when(row.at),
        esc(`${row.channel} · ${row.payment_type}`),
        esc(row.external_id),
        euros(row.amount),
      ]),
    ),
    `<h4>${esc(texts.paymentRequests)}</h4>`,
    table(
      [texts.when, texts.what, texts.status, texts.amount],
      entry.requests.map((row) => [
        when(row.created_at),
        esc(`${row.channel} · ${row.payment_type}`),
        esc(row.status),
        euros(row.amount),
      ]),
    ),
    forbearanceSection(entry.forbearance),
    entry.cession
      ? `<h4>${esc(texts.cession)}</h4>${definitionList([
          [texts.buyerName, (entry.cession.buyer as Record<string, unknown>).name],
          [texts.amount, formatMoney(Number(entry.cession.balance))],
          [texts.when, entry.cession.sold_date ?? ''],
        ])}`
      : '',
    loanActions(member, loan, back),
    '</section>',
  ];
  return parts.join('\n');
}

/** The loan's due-date change and instalment plan, with each instalment's state (the customer's own actions). */
function forbearanceSection(forbearance: CustomerFile['loans'][number]['forbearance']): string {
  const f = forbearanceTexts.console;
  const { change, plan } = forbearance;
  const parts = [`<h4>${esc(f.title)}</h4>`];
  if (!change && !plan) return `${parts[0]}<p>${esc(f.none)}</p>`;
  if (change) {
    parts.push(
      definitionList([
        [
          f.dueDateChange,
          fill(f.changed, { days: change.days, from: change.previous_pay_date, to: change.next_pay_date }),
        ],
        [texts.amount, formatMoney(change.cost)],
        [texts.when, when(change.at)],
      ]),
    );
  }
  if (plan) {
    parts.push(
      definitionList([
        [f.plan, fill(f.planSummary, { status: f.planStatus[plan.status] ?? plan.status, tae: plan.tae })],
        [texts.amount, formatMoney(plan.total)],
        ...(plan.broken_on ? [[f.brokenOn, plan.broken_on] as [string, unknown]] : []),
      ]),
      table(
        ['#', texts.dueDate, texts.amount, texts.status],
        plan.instalments.map((i) => [
          String(i.number),
          esc(i.date),
          euros(i.amount),
          esc(forbearanceTexts.plan.states[i.state] ?? i.state),
        ]),
      ),
    );
  }
  return parts.join('\n');
}

function loanActions(member: StaffMember, loan: CustomerFile['loans'][number]['loan'], back: string): string {
  const loanField = hidden('loan', loan.public_id);
  const forms: string[] = [];
  const id = esc(loan.public_id);
  if (loan.status === LoanStatus.AwaitingVerification && may(member.role, 'decide')) {
    forms.push(decisionForms(loan.public_id, back));
  }
  if (may(member.role, 'paymentReceived')) {
    forms.push(
      actionForm(
        'payment-received',
        loanField +
          input('amount', texts.paymentAmount, `id="payment-amount-${id}" inputmode="decimal" required`) +
          input('reference', texts.paymentReference, `id="payment-reference-${id}" required maxlength="100"`) +
          input(
            'extension_days',
            texts.paymentExtensionDays,
            `id="payment-extension-${id}" inputmode="numeric" pattern="[0-9]{1,3}" maxlength="3"`,
          ),
        texts.record,
        back,
      ),
    );
  }
  if (may(member.role, 'collection')) {
    const options = Object.entries(COLLECTION_STEPS)
      .map(([step, status]) => `<option value="${esc(step)}">${esc(statusName(status))}</option>`)
      .join('');
    forms.push(
      actionForm(
        'collection',
        `${loanField}<label>${esc(texts.collectionStep)} <select name="step" id="step-${id}">${options}</select></label>`,
        texts.move,
        back,
      ),
    );
  }
  if (may(member.role, 'presale')) {
    const buyer: Array<[string, string]> = [
      ['name', texts.buyerName],
      ['phone', texts.buyerPhone],
      ['email', texts.buyerEmail],
      ['holder', texts.buyerHolder],
      ['account', texts.buyerAccount],
      ['swift', texts.buyerSwift],
      ['bank', texts.buyerBank],
    ];
    forms.push(
      actionForm(
        'presale',
        input('loans', texts.sellLoans, `id="presale-loans-${id}" value="${id}" required`) +
          buyer.map(([name, label]) => input(name, label, `id="${name}-${id}" required maxlength="100"`)).join(''),
        texts.presale,
        back,
      ),
    );
  }
  if (may(member.role, 'sell')) {
    forms.push(
      actionForm(
        'sell',
        input('loans', texts.sellLoans, `id="sell-loans-${id}" value="${id}" required`),
        texts.sell,
        back,
        { danger: true },
      ),
    );
  }
  return forms.length ? `<h4>${esc(texts.actions)}</h4>${forms.join('\n')}` : '';
}

type AuditRow = {
  id: string;
  at: Date;
  actor: string;
  subject: string | null;
  action: string;
  address: string | null;
  detail: Record<string, unknown>;
};

export function auditPage(
  member: StaffMember,
  view: {
    query: AuditQuery;
    problems: Partial<Record<AuditField, AuditProblem>>;
    staff: string[];
    rows: AuditRow[];
    more: boolean;
  },
): string {
  const { query, problems } = view;
  const problem = (name: AuditField) => {
    const reason = problems[name];
    return reason ? texts[reason] : null;
  };
  const options = ['', ...view.staff]
    .map(
      (name) =>
        `<option value="${esc(name)}"${name === query.staff ? ' selected' : ''}>${esc(name || texts.auditAnyStaff)}</option>`,
    )
    .join('');
  const staffProblem = problem('staff');
  const filters = `<form method="get" action="${CONSOLE_PATH}/audit" class="box filters" aria-label="${esc(texts.auditFilters)}">
<div class="field"><label for="staff">${esc(texts.auditStaff)}</label>
<select id="staff" name="staff"${staffProblem ? ' aria-invalid="true" aria-describedby="staff-note"' : ''}>${options}</select>${
    staffProblem ? `<p id="staff-note" class="field-error">${esc(staffProblem)}</p>` : ''
  }</div>
${field('action', texts.auditAction, `value="${esc(query.action)}" maxlength="60"`, { problem: problem('action') })}
${field('customer', texts.auditCustomer, `value="${esc(query.customer)}" maxlength="60"`, { problem: problem('customer') })}
${field('from', texts.auditFrom, `type="date" value="${esc(query.from)}"`, { problem: problem('from') })}
${field('to', texts.auditTo, `type="date" value="${esc(query.to)}"`, { problem: problem('to') })}
<button type="submit">${esc(texts.filter)}</button>
<a href="${CONSOLE_PATH}/audit">${esc(texts.clearFilters)}</a>
</form>`;
  const failed = Object.keys(problems).length > 0;
  const entries = failed
    ? ''
    : table(
        [texts.when, texts.who, texts.what, texts.subject, texts.where, texts.detail],
        view.rows.map((row) => [
          when(row.at),
          esc(row.actor),
          esc(row.action),
          esc(row.subject),
          esc(row.address),
          `<code>${esc(JSON.stringify(row.detail))}</code>`,
        ]),
        texts.auditEmpty,
      ) +
      pager(
        `${CONSOLE_PATH}/audit`,
        { staff: query.staff, action: query.action, customer: query.customer, from: query.from, to: query.to },
        query.page,
        view.more,
      );
  return layout(texts.auditTitle, member, `${filters}${entries}`);
}

type StaffOverview = {
  accounts: Array<{
    id: string;
    username: string;
    role: StaffRole;
    created_at: Date;
    created_by: string;
    disabled_at: Date | null;
    disabled_by: string | null;
    password_reset_at: Date | null;
    totp_reset_at: Date | null;
    locked: boolean;
  }>;
  sessions: Array<{ id: string; username: string; created_ip: string | null; created_at: Date; last_seen_at: Date }>;
};

function staffState(row: StaffOverview['accounts'][number]): string {
  const states = [
    row.disabled_at
      ? say(texts.stateDisabled, { by: row.disabled_by ?? '?', when: when(row.disabled_at) })
      : esc(texts.stateActive),
    row.locked ? esc(texts.stateLocked) : '',
    row.password_reset_at ? esc(texts.statePasswordReset) : '',
    row.totp_reset_at ? esc(texts.stateTotpReset) : '',
  ];
  return states.filter(Boolean).join('<br>');
}

function staffActions(member: StaffMember, row: StaffOverview['accounts'][number], back: string): string {
  if (String(row.id) === String(member.staffId)) return esc(texts.you);
  const who = hidden('username', row.username);
  // actionForm escapes the button's text itself.
  const named = (text: string) => text.replace('{username}', row.username);
  return [
    row.disabled_at
      ? actionForm('staff-enable', who, named(texts.enable), back, { inline: true })
      : actionForm('staff-disable', who, named(texts.disable), back, { inline: true, danger: true }),
    actionForm('staff-reset-password', who, named(texts.resetPassword), back, { inline: true }),
    actionForm('staff-reset-totp', who, named(texts.resetTotp), back, { inline: true }),
  ].join('\n');
}

export function staffPage(member: StaffMember, overview: StaffOverview): string {
  const back = `${CONSOLE_PATH}/staff`;
  const accounts = table(
    [texts.username, texts.role, texts.staffState, texts.registered, texts.who, texts.actions],
    overview.accounts.map((row) => [
      esc(row.username),
      esc(roleName(row.role)),
      staffState(row),
      when(row.created_at),
      esc(row.created_by),
      staffActions(member, row, back),
    ]),
  );
  const sessions = table(
    [texts.username, texts.where, texts.since, texts.when, texts.actions],
    overview.sessions.map((row) => [
      esc(row.username),
      esc(row.created_ip),
      when(row.created_at),
      when(row.last_seen_at),
      actionForm('revoke-session', hidden('session', row.id), `${texts.revoke} (${row.username})`, back, {
        inline: true,
        danger: true,
      }),
    ]),
  );
  const create = actionForm(
    'staff-create',
    input('username', texts.username, 'required pattern="[a-z0-9._\\-]{2,40}"') +
      `<label>${esc(texts.role)} <select name="role"><option value="agent">${esc(texts.roleAgent)}</option><option value="admin">${esc(texts.roleAdmin)}</option></select></label>`,
    texts.create,
    back,
  );
  return layout(
    texts.staffTitle,
    member,
    `<h2>${esc(texts.staffAccounts)}</h2>${accounts}<h2>${esc(texts.staffSessions)}</h2>${sessions}<h2>${esc(texts.createStaff)}</h2>${create}`,
  );
}

/** What a reset left to do: a new password (twice) and/or the first code of the new second factor. */
export function setupPage(
  member: StaffMember,
  enrolment: { secret: string; uri: string } | null,
  problems: Partial<Record<SetupField, SetupProblem>> = {},
): string {
  const problem = (name: SetupField) => {
    const reason = problems[name];
    return reason ? texts[reason] : null;
  };
  const password = member.setup?.password
    ? field('password', texts.newPassword, 'type="password" autocomplete="new-password" required minlength="12"', {
        problem: problem('password'),
      }) +
      field('repeat', texts.repeatPassword, 'type="password" autocomplete="new-password" required minlength="12"', {
        problem: problem('repeat'),
      })
    : '';
  const totp = enrolment
    ? `<p>${esc(texts.enrolSecret)}</p>
<p>${esc(texts.totpSecret)}: <code class="link">${esc(enrolment.secret)}</code></p>
<p><code class="link">${esc(enrolment.uri)}</code></p>
${field('code', texts.enrolCode, 'inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required', {
  problem: problem('code'),
})}`
    : '';
  return layout(
    texts.setupTitle,
    member,
    `<p>${esc(texts.setupIntro)}</p>
<form method="post" action="${CONSOLE_PATH}/setup" class="box">
${password}${totp}
<button type="submit">${esc(texts.save)}</button>
</form>`,
  );
}
