import type { ContactRules } from '@credimo/shared/domain';
import { madridToday } from '@credimo/shared/domain';
import { consoleTexts } from '@credimo/shared/i18n/screens/console';
import { customerRightsStaff } from '@credimo/shared/i18n/screens/customer-rights-staff';
import type { StaffMember } from '../staff/accounts';
import type { PendingReview } from '../staff/reviews';
import { may } from '../staff/rules';
import { actionForm, CONSOLE_PATH, esc, hidden, say, table, when } from './views';

/** The console's part of the customer's rights: the reviews to answer, collection's calls and their rules. */
const texts = customerRightsStaff.console;

const textarea = (name: string, label: string, id: string, max: number) =>
  `<label for="${id}">${esc(label)}</label><textarea id="${id}" name="${name}" required maxlength="${max}" rows="3"></textarea>`;

function answerForms(loan: string, back: string): string {
  const id = esc(loan);
  return (['upheld', 'overturned'] as const)
    .map((outcome) =>
      actionForm(
        'review-answer',
        hidden('loan', loan) +
          hidden('outcome', outcome) +
          textarea('reason', texts.answerReason, `review-${outcome}-${id}`, 1000),
        `${outcome === 'upheld' ? texts.uphold : texts.overturn} ${loan}`,
        back,
        { danger: outcome === 'upheld' },
      ),
    )
    .join('\n');
}

/** The reviews customers asked for, beside the manual verification queue: reasons, their view, the due day. */
export function reviewsSection(member: StaffMember, rows: PendingReview[], today = madridToday()): string {
  const back = `${CONSOLE_PATH}/queue`;
  const decide = may(member.role, 'decide');
  const body = table(
    [
      consoleTexts.loan,
      consoleTexts.customer,
      texts.requestedAt,
      texts.dueOn,
      texts.reasons,
      texts.comment,
      consoleTexts.actions,
    ],
    rows.map((row) => [
      esc(row.public_id),
      `<a href="${CONSOLE_PATH}/customers/${esc(row.user_id)}">${esc(
        [row.first_name, row.first_surname].filter(Boolean).join(' ') || row.mobile_phone,
      )}</a>`,
      when(row.requested_at),
      `${esc(row.due_on)}${row.due_on < today ? ` <strong class="late">${esc(texts.overdue)}</strong>` : ''}`,
      `<ul>${row.reasons.map((r) => `<li>${esc(r.text)} <code>${esc(r.code)}</code></li>`).join('')}</ul>`,
      row.comment ? `<blockquote>${esc(row.comment)}</blockquote>` : esc(texts.noComment),
      decide ? answerForms(row.public_id, back) : '',
    ]),
    texts.reviewsEmpty,
  );
  return `<h2 id="reviews">${esc(texts.reviewsTitle)}</h2>\n${body}`;
}

/** Collection's contact rules and this customer's recent contacts, then the form to log a call. */
export function callsSection(
  member: StaffMember,
  userId: string,
  standing: { rules: ContactRules; lastSevenDays: number },
): string {
  if (!may(member.role, 'collection')) return '';
  const { rules } = standing;
  const days = rules.weekdays
    .slice()
    .sort()
    .map((d) => texts.weekdays[d - 1] ?? String(d))
    .join(', ');
  return `<h2 id="calls">${esc(texts.callsTitle)}</h2>
<p class="note">${say(texts.contactRules, { from: rules.from, to: rules.to, days, perDay: rules.maxPerDay, perWeek: rules.maxPerWeek })}</p>
<p>${say(texts.contactsSoFar, { count: standing.lastSevenDays })}</p>
${actionForm('log-call', hidden('user', userId) + textarea('note', texts.callNote, 'call-note', 500), texts.logCall, `${CONSOLE_PATH}/customers/${userId}`)}`;
}
