import {
  Alert,
  Button,
  Checkbox,
  fill,
  formatDecimal,
  formatMoney,
  type LoanView,
  loanAtom,
  messages,
  normaliseApiError,
  openOffer,
  refreshUser,
  type ScreenProps,
  Skeleton,
  SMS_RESEND_SECONDS,
  wireToDisplayDate,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { type FormikHelpers, useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { type CodeValues, SmsCodeForm } from '../code/SmsCodeForm';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const texts = originationTexts.sign;
/** Product 1 is the only product; the SECCI is priced from the loan's own term and amount. */
const PRODUCT_ID = 1;

export const readSchema = yup.object({ read: yup.boolean().oneOf([true], messages.checkboxFieldRequired) });

/**
 * /application/application-sign. The pre-contract information (SECCI) and the agreement's terms
 * come first; once read, POST /v2/loan/sign_send sends a 4-digit code and POST /v2/loan/sign signs with it.
 * The user is polled every 7 s; a signed loan leaves this page by the redirect rules.
 */
export function SignScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  const [sent, setSent] = useState<{ at: number; sandboxCode: string | null } | null>(null);
  useUserPolling(USER_POLL_MS.sign);
  if (!loan) return <Skeleton />;
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="sign-title">
      <h1 id="sign-title">{texts.title}</h1>
      <Documents loan={loan} />
      {sent ? <CodeForm sent={sent} onResent={setSent} /> : <ReadForm onSent={setSent} />}
    </section>
  );
}

function Documents({ loan }: { loan: LoanView }) {
  const [failure, setFailure] = useState<string | null>(null);
  // The customer's own SECCI (their application's figures) needs their session: fetched, then saved as a file.
  const openSecci = () => {
    setFailure(null);
    openOffer(PRODUCT_ID, loan.days.total, loan.request_amount).catch((error) =>
      setFailure(normaliseApiError(error).message),
    );
  };
  return (
    <>
      <p>{texts.documentsBody}</p>
      <ul className={styles.documents}>
        <li>
          <Button variant="link" onClick={openSecci}>
            {texts.secci}
          </Button>
        </li>
      </ul>
      {failure && <Alert tone="error">{failure}</Alert>}
      <h2>{texts.agreement}</h2>
      <dl className={styles.summary}>
        <dt>{texts.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{texts.commission}</dt>
        <dd>{formatMoney(loan.commission)}</dd>
        <dt>{texts.returnAmount}</dt>
        <dd>{formatMoney(loan.return_amount)}</dd>
        <dt>{texts.term}</dt>
        <dd>{fill(texts.days, { n: loan.days.total })}</dd>
        <dt>{texts.mustPay}</dt>
        <dd>{wireToDisplayDate(loan.predicted_must_pay_date)}</dd>
        <dt>{texts.tae}</dt>
        <dd>{`${formatDecimal(loan.tae, 1)} %`}</dd>
      </dl>
    </>
  );
}

type Sent = { at: number; sandboxCode: string | null };

async function sendCode(): Promise<Sent> {
  const result = await originationCalls.signSend();
  return { at: Date.now(), sandboxCode: result.sandboxCode };
}

function ReadForm({ onSent }: { onSent: (sent: Sent) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik({
    initialValues: { read: false },
    validationSchema: readSchema,
    onSubmit: async () => {
      setFailure(null);
      try {
        onSent(await sendCode());
      } catch (error) {
        setFailure(normaliseApiError(error).message);
      }
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <Checkbox
        label={texts.readConfirm}
        name="read"
        checked={form.values.read}
        onChange={form.handleChange}
        error={form.submitCount > 0 ? form.errors.read : undefined}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={form.isSubmitting}>
          {texts.sendCode}
        </Button>
      </div>
    </form>
  );
}

const secondsLeft = (since: number, total: number) => Math.max(0, total - Math.floor((Date.now() - since) / 1000));

function useSecondsLeft(since: number, total: number): number {
  const [value, setValue] = useState(() => secondsLeft(since, total));
  useEffect(() => {
    setValue(secondsLeft(since, total));
    const id = setInterval(() => setValue(secondsLeft(since, total)), 1000);
    return () => clearInterval(id);
  }, [since, total]);
  return value;
}

function CodeForm({ sent, onResent }: { sent: Sent; onResent: (sent: Sent) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const resendIn = useSecondsLeft(sent.at, SMS_RESEND_SECONDS);
  const sign = async ({ code }: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    try {
      await originationCalls.sign(code ?? '');
      await refreshUser();
    } catch (error) {
      // Every refusal of the code is shown on the field (wrong, expired, too many tries).
      helpers.setFieldError('code', normaliseApiError(error).message);
    }
  };
  const resend = async () => {
    setFailure(null);
    try {
      onResent(await sendCode());
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  };
  return (
    <>
      <p role="status">{texts.codeSent}</p>
      {sent.sandboxCode && <p className={styles.note}>{fill(texts.sandboxCode, { code: sent.sandboxCode })}</p>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <SmsCodeForm
        fields={[{ name: 'code', label: texts.codeLabel, autoComplete: 'one-time-code' }]}
        submitLabel={texts.submit}
        onSubmit={sign}
        resend={{
          label: texts.resend,
          secondsLeft: resendIn,
          countdown: fill(texts.resendIn, { s: resendIn }),
          onResend: resend,
        }}
      />
    </>
  );
}
