import {
  Alert,
  Button,
  wireToDisplayDate as displayDate,
  fill,
  formatDecimal,
  formatMoney,
  normaliseApiError,
  plural,
  refreshUser,
  type ScreenProps,
} from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import type { ForbearanceResponse, InstalmentPlanView } from '@credimo/shared/contract';
import { forbearance as t } from '@credimo/shared/i18n/screens/forbearance';
import { useCallback, useEffect, useId, useState } from 'react';
import styles from '../account.module.css';
import { useAction } from '../use-action';
import { forbearanceCalls, requestKey } from './calls';

/** A plan's TAE as the customer reads it, written as the calculator writes its TAE: one decimal. */
const taeText = (tae: number) => fill(t.plan.taeValue, { tae: formatDecimal(tae, 1) });

/**
 * "¿No puedes pagar a tiempo?": the due-date change and the instalment plan with every figure as the API computed
 * it with the shared forbearance rules (dates, euros, TAE), confirmed by the customer; then the plan's schedule and
 * a button to pay its next instalment through the payment methods page.
 */
export function ForbearanceScreen({ screen, navigate }: ScreenProps) {
  const [offer, setOffer] = useState<ForbearanceResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setOffer(await forbearanceCalls.offer());
    } catch (failure) {
      setProblem(normaliseApiError(failure).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className={styles.screen} data-screen={screen}>
      <section className={styles.card} aria-labelledby="forbearance-title">
        <h2 id="forbearance-title">{t.title}</h2>
        {problem && <Alert tone="error">{problem}</Alert>}
        {!offer && !problem && <p>{t.loading}</p>}
        {offer && (
          <dl className={styles.summary}>
            <dt>{t.owedToday}</dt>
            <dd>{formatMoney(offer.owed)}</dd>
            <dt>{t.dueDate}</dt>
            <dd>{displayDate(offer.due_date)}</dd>
          </dl>
        )}
        <Button variant="link" onClick={() => navigate(PATHS.account)}>
          {t.back}
        </Button>
      </section>
      {offer && <PlanCard offer={offer} reload={load} navigate={navigate} />}
      {offer && <DueDateCard offer={offer} reload={load} />}
    </div>
  );
}

type CardProps = { offer: ForbearanceResponse; reload: () => Promise<void> };

/** Once the API agreed, the loan changed: the user poll and this page read it again. */
async function agreed(request: Promise<unknown>, reload: () => Promise<void>) {
  await request;
  await refreshUser();
  await reload();
}

function DueDateCard({ offer, reload }: CardProps) {
  const change = offer.due_date_change;
  const [days, setDays] = useState(() => change.options[change.options.length - 1]?.days ?? 1);
  const [key] = useState(requestKey);
  const { busy, notice, act } = useAction();
  const id = useId();
  const shown = change.options.find((option) => option.days === days);
  const confirm = () => act(() => agreed(forbearanceCalls.changeDueDate(days, key), reload));
  return (
    <section className={styles.card} aria-labelledby="due-date-title">
      <h2 id="due-date-title">{t.dueDateChange.title}</h2>
      {change.done ? (
        <p role="status">{fill(t.dueDateChange.done, { date: displayDate(change.done.next_pay_date) })}</p>
      ) : change.refusal || !shown ? (
        <p>{t.refusals[change.refusal ?? 'notInService']}</p>
      ) : (
        <>
          <p>{fill(t.dueDateChange.body, { max: change.max_days })}</p>
          <label htmlFor={id}>{t.dueDateChange.days}</label>
          <select id={id} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {change.options.map((option) => (
              <option key={option.days} value={option.days}>
                {plural(t.dueDateChange.daysOption, option.days)}
              </option>
            ))}
          </select>
          <dl className={styles.summary}>
            <dt>{t.dueDateChange.newDate}</dt>
            <dd>{displayDate(shown.next_pay_date)}</dd>
            <dt>{t.dueDateChange.cost}</dt>
            <dd>{formatMoney(shown.cost)}</dd>
          </dl>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <Button onClick={confirm} disabled={busy}>
            {t.dueDateChange.confirm}
          </Button>
        </>
      )}
    </section>
  );
}

function PlanCard({ offer, reload, navigate }: CardProps & { navigate: ScreenProps['navigate'] }) {
  const planOffer = offer.instalment_plan;
  const [count, setCount] = useState(() => planOffer.counts[0] ?? 2);
  const [key] = useState(requestKey);
  const { busy, notice, act } = useAction();
  const id = useId();
  if (planOffer.plan) return <AgreedPlan plan={planOffer.plan} owed={offer.owed} navigate={navigate} />;
  const quote = planOffer.options[planOffer.counts.indexOf(count)];
  const confirm = () => act(() => agreed(forbearanceCalls.agreePlan(count, key), reload));
  return (
    <section className={styles.card} aria-labelledby="plan-title">
      <h2 id="plan-title">{t.plan.title}</h2>
      {planOffer.refusal || !quote ? (
        <p>{t.refusals[planOffer.refusal ?? 'notInService']}</p>
      ) : (
        <>
          <p>{t.plan.body}</p>
          <label htmlFor={id}>{t.plan.count}</label>
          <select id={id} value={count} onChange={(event) => setCount(Number(event.target.value))}>
            {planOffer.counts.map((n) => (
              <option key={n} value={n}>
                {fill(t.plan.countOption, { n })}
              </option>
            ))}
          </select>
          <Schedule instalments={quote.instalments} />
          <dl className={styles.summary}>
            <dt>{t.plan.cost}</dt>
            <dd>{formatMoney(quote.cost)}</dd>
            <dt>{t.plan.tae}</dt>
            <dd>{taeText(quote.tae)}</dd>
            <dt>{t.plan.total}</dt>
            <dd>{formatMoney(quote.total)}</dd>
            <dt>{t.plan.payNow}</dt>
            <dd>{formatMoney(quote.pay_now)}</dd>
          </dl>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <Button onClick={confirm} disabled={busy}>
            {t.plan.confirm}
          </Button>
        </>
      )}
    </section>
  );
}

function Schedule({
  instalments,
}: {
  instalments: ReadonlyArray<{ number: number; date: string; amount: number; state?: string }>;
}) {
  const withState = instalments.some((i) => i.state);
  return (
    <table className={styles.schedule}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t.plan.date}</th>
          <th scope="col">{t.plan.amount}</th>
          {withState && <th scope="col">{t.plan.state}</th>}
        </tr>
      </thead>
      <tbody>
        {instalments.map((i) => (
          <tr key={i.number} data-state={i.state}>
            <th scope="row">{fill(t.plan.instalment, { n: i.number })}</th>
            <td>{displayDate(i.date)}</td>
            <td>{formatMoney(i.amount)}</td>
            {withState && <td>{t.plan.states[i.state ?? 'due']}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgreedPlan({
  plan,
  owed,
  navigate,
}: {
  plan: InstalmentPlanView;
  owed: number;
  navigate: ScreenProps['navigate'];
}) {
  const next = plan.next;
  const pay = () => {
    if (!next) return;
    // The last instalment is what is left: paid as a payoff, the others as partial repayments of their amount.
    const amount = Math.min(next.left, owed);
    navigate(PATHS.accountPaymentMethods, {
      state: { payment_type: amount >= owed ? 'payoff' : 'partial_repay', amount },
    });
  };
  return (
    <section className={styles.card} aria-labelledby="plan-title" data-plan={plan.status}>
      <h2 id="plan-title">{t.plan.agreed}</h2>
      <Schedule instalments={plan.instalments} />
      <dl className={styles.summary}>
        <dt>{t.plan.tae}</dt>
        <dd>{taeText(plan.tae)}</dd>
        <dt>{t.plan.total}</dt>
        <dd>{formatMoney(plan.total)}</dd>
      </dl>
      {plan.status === 'completed' && <p role="status">{t.plan.paidOff}</p>}
      {plan.status === 'broken' && plan.broken_on && (
        <Alert tone="warning">{fill(t.plan.broken, { date: displayDate(plan.broken_on) })}</Alert>
      )}
      {plan.status === 'active' && <p>{fill(t.plan.grace, { days: plan.grace_days })}</p>}
      {plan.status === 'active' && next && (
        <Button onClick={pay}>
          {fill(t.plan.payNext, { n: next.number, amount: formatMoney(Math.min(next.left, owed)) })}
        </Button>
      )}
    </section>
  );
}
