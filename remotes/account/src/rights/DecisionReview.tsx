import { Alert, Button, FieldError, fill, madridToday, wireToDisplayDate } from '@credimo/shared';
import type { CustomerRightsResponse, DecisionResponse } from '@credimo/shared/contract';
import { customerRights } from '@credimo/shared/i18n/screens/customer-rights';
import { useEffect, useId, useState } from 'react';
import styles from '../account.module.css';
import { useAction } from '../use-action';
import { rightsCalls } from './calls';
import own from './rights.module.css';

const t = customerRights.decision;
const MAX_COMMENT = 2000;
const day = (iso: string) => wireToDisplayDate(madridToday(new Date(iso)));

type Loaded = { decision: DecisionResponse; settings: CustomerRightsResponse } | 'none' | 'failed' | null;

/**
 * The declined card's explanation (CCD2 Art. 18(8)-(9), GDPR Art. 22): the main reasons the decision rests on, as the
 * decision recorded them, whether it was automated, and the request for a person's review with the customer's view,
 * then its due day and, once staff answer, the answer and its reason.
 */
export default function DecisionReview() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const load = () =>
    Promise.all([rightsCalls.decision(), rightsCalls.settings()])
      .then(([decision, settings]) => setLoaded({ decision, settings }))
      // A time-out has no decision of its own (404): nothing to explain or review.
      .catch((failure: { response?: { status?: number } }) =>
        setLoaded(failure?.response?.status === 404 ? 'none' : 'failed'),
      );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the card shows
  useEffect(() => {
    void load();
  }, []);

  if (loaded === null) return <p aria-live="polite">{t.loading}</p>;
  if (loaded === 'none') return null;
  if (loaded === 'failed') return <Alert tone="warning">{t.unavailable}</Alert>;
  const { decision, settings } = loaded;
  if (decision.outcome !== 'deny') return null;
  return (
    <section className={styles.card} aria-labelledby="decision-reasons-title" data-decision-review>
      <h2 id="decision-reasons-title">{t.title}</h2>
      <p>{decision.automated ? t.automated : t.manual}</p>
      <ul className={own.reasons}>
        {decision.reasons.map((reason) => (
          <li key={reason.code}>{reason.text}</li>
        ))}
      </ul>
      <p className={styles.muted}>{fill(t.decidedOn, { date: day(decision.decided_at) })}</p>
      {decision.review ? (
        <ReviewState review={decision.review} />
      ) : (
        decision.automated && <ReviewForm days={settings.review_answer_days} onAsked={load} />
      )}
    </section>
  );
}

function ReviewState({ review }: { review: NonNullable<DecisionResponse['review']> }) {
  if (!review.outcome || !review.answered_at) {
    return (
      <Alert tone="info">
        {fill(t.requested, { date: day(review.requested_at), due: wireToDisplayDate(review.due_on) })}
      </Alert>
    );
  }
  return (
    <div role="status">
      <h3>{t.answeredTitle}</h3>
      <p>{t[review.outcome]}</p>
      <p>
        <strong>{t.reason}:</strong> {review.answer}
      </p>
      <p className={styles.muted}>{fill(t.answeredOn, { date: day(review.answered_at) })}</p>
    </div>
  );
}

function ReviewForm({ days, onAsked }: { days: number; onAsked: () => Promise<void> }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const { busy, notice, act } = useAction();
  const tooLong = comment.length > MAX_COMMENT;
  const submit = () =>
    act(async () => {
      if (tooLong) return;
      await rightsCalls.askReview(comment.trim());
      await onAsked();
    });
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`}>{t.reviewTitle}</h3>
      <p>{fill(t.reviewIntro, { days })}</p>
      <label htmlFor={`${id}-comment`}>{t.commentLabel}</label>
      <p id={`${id}-hint`} className={styles.muted}>
        {t.commentHint}
      </p>
      <textarea
        id={`${id}-comment`}
        name="comment"
        className={own.comment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
      />
      <FieldError id={`${id}-error`} error={tooLong ? t.commentTooLong : undefined} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <Button type="submit" disabled={busy || tooLong}>
        {busy ? t.asking : t.ask}
      </Button>
    </form>
  );
}
