import {
  Alert,
  accessTokenAtom,
  Button,
  calls,
  fill,
  formatPhone,
  type MessageKey,
  Modal,
  maskPhone,
  messages,
  nationalDigits,
  normaliseApiError,
  PATHS,
  phoneProblem,
  refreshUser,
  requestPhoneChange,
  type ScreenProps,
  samePhone,
  TextField,
  t,
  userAtom,
} from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import type { FormikHelpers } from 'formik';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { type CodeField, type CodeValues, SmsCodeForm } from '../code/SmsCodeForm';
import { narrowScreen } from '../screen';
import { afterSignIn } from './AuthConfirmScreen';
import styles from './auth.module.css';
import { smsResend, startTimer, timerKey, useSecondsSinceSent } from './timer';

/** A new phone follows the phone rule and differs from the registered one. */
export function newPhoneProblem(input: string, registered: string): MessageKey | null {
  const problem = phoneProblem(input);
  if (problem) return problem;
  return samePhone(input, registered) ? 'fieldPhoneNumberEqualRegistration' : null;
}

/**
 * /registration/step2, the confirmation step: the customer's confirmed phone, and the change-phone
 * modal, which an agent session does not offer and an admin one may not use.
 * A new phone gets a code (PUT /v2/user/change_phone) confirmed with PUT /v2/user/phone_confirmation; a phone that
 * already has an account answers 422: the customer is logged out and sent to sign in with it.
 */
export function PhoneConfirmationScreen({ navigate }: ScreenProps) {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const user = useAtomValue(userAtom);
  const [changing, setChanging] = useState(false);
  const [pending, setPending] = useState<SentPhoneChange | null>(null);
  const [done, setDone] = useState(false);
  // Signed out on arrival: sign in first. (A 422 below signs out too, and goes to /auth with the new phone itself.)
  const [signedInOnArrival] = useState(signedIn);
  useEffect(() => {
    if (!signedInOnArrival) navigate(PATHS.auth, { replace: true });
  }, [signedInOnArrival, navigate]);
  if (!user) return null;
  const phone = user.contacts.mobile_phone;
  const mayChange = user.session.kind === 'customer';

  if (pending)
    return (
      <NewPhoneCode
        current={phone}
        sent={pending}
        onConfirmed={() => {
          setPending(null);
          setDone(true);
        }}
      />
    );
  return (
    <section className={narrowScreen} data-screen="registrationConfirmation" aria-labelledby="phone-title">
      <h1 id="phone-title">{texts.phoneTitle}</h1>
      <p>{texts.phoneIntro}</p>
      {done && <Alert tone="success">{texts.phoneChanged}</Alert>}
      <p>
        <strong>{formatPhone(phone)}</strong>
        {user.phone_confirmation.is_phone_confirmed && <span> · {texts.phoneConfirmed}</span>}
      </p>
      <div className={styles.row}>
        <Button onClick={() => navigate(afterSignIn(user))}>{texts.phoneContinue}</Button>
        {mayChange && (
          <Button variant="link" onClick={() => setChanging(true)}>
            {texts.changePhone}
          </Button>
        )}
      </div>
      {changing && (
        <ChangePhoneModal
          registered={phone}
          onClose={() => setChanging(false)}
          onSent={(sent) => {
            setChanging(false);
            setDone(false);
            setPending(sent);
          }}
          onSignedOut={(newPhone) => navigate(PATHS.auth, { replace: true, state: { phone: newPhone } })}
        />
      )}
    </section>
  );
}

function ChangePhoneModal(props: {
  registered: string;
  onClose: () => void;
  onSent: (sent: SentPhoneChange) => void;
  onSignedOut: (phone: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = newPhoneProblem(value, props.registered);
    if (problem) return setError(messages[problem]);
    setSending(true);
    const phone = nationalDigits(value);
    const result = await requestPhoneChange(phone);
    setSending(false);
    if (result.kind === 'code-sent') {
      startTimer(phone);
      props.onSent({ phone, sandboxCode: result.sent.sandboxCode, sandboxCurrentCode: result.sent.sandboxCurrentCode });
    } else if (result.kind === 'signed-out') props.onSignedOut(result.phone);
    else setError(result.fieldError ?? result.message);
  };
  return (
    <Modal
      title={texts.newPhoneTitle}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={() => void submit()} disabled={sending}>
            {texts.newPhoneSend}
          </Button>
          <Button variant="secondary" onClick={props.onClose}>
            {texts.newPhoneCancel}
          </Button>
        </>
      }
    >
      <p>{texts.newPhoneIntro}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          label={texts.newPhoneLabel}
          name="mobile_phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={value}
          onChange={(event) => setValue(maskPhone(event.target.value))}
          error={error}
        />
      </form>
    </Modal>
  );
}

/** A phone change under way: the new phone, and in sandbox mode the two codes sent. */
interface SentPhoneChange {
  phone: string;
  sandboxCode: string | null;
  sandboxCurrentCode: string | null;
}

/** A phone change asks for two codes: the new phone's, and the current phone's. */
const PHONE_CHANGE_CODES: readonly CodeField[] = [
  { name: 'code', label: texts.codeLabel, autoComplete: 'one-time-code' },
  { name: 'current_phone_code', label: texts.currentCodeLabel, autoComplete: 'off' },
];

/** Both codes of a phone change: the new phone's, and the current phone's (whoever holds a session alone cannot). */
function NewPhoneCode(props: { current: string; sent: SentPhoneChange; onConfirmed: () => void }) {
  const { phone } = props.sent;
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [shown, setShown] = useState({ code: props.sent.sandboxCode, current: props.sent.sandboxCurrentCode });
  const [elapsed, restartTimer] = useSecondsSinceSent(phone);

  const confirm = async (values: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    try {
      await calls.phoneConfirmation(values.code ?? '', values.current_phone_code ?? '');
      localStorage.removeItem(timerKey(phone));
      await refreshUser();
      props.onConfirmed();
    } catch (failure) {
      const problem = normaliseApiError(failure);
      const current = problem.fieldErrors.current_phone_code;
      if (current) helpers.setFieldError('current_phone_code', current);
      const code = problem.fieldErrors.code ?? (current ? undefined : problem.message);
      if (code) helpers.setFieldError('code', code);
    }
  };
  const resend = async () => {
    setNotice(null);
    try {
      // Signed in and without a phone: the API sends the pending change's code again, to the new phone.
      const sent = await calls.resendCode({ channel: 'sms' });
      restartTimer();
      setShown({ code: sent.sandboxCode, current: sent.sandboxCurrentCode });
      setNotice({ tone: 'success', text: texts.codeResent });
    } catch {
      setNotice({ tone: 'error', text: t('resendFailed', { phone: texts.supportPhone }) });
    }
  };
  return (
    <section className={narrowScreen} data-screen="registrationConfirmation:code" aria-labelledby="new-phone-title">
      <h1 id="new-phone-title">{texts.newPhoneCodeTitle}</h1>
      <p>{fill(texts.codeSentTo, { phone: formatPhone(phone) })}</p>
      <p>{fill(texts.currentCodeSentTo, { phone: formatPhone(props.current) })}</p>
      {shown.code && <Alert tone="info">{fill(texts.sandboxCode, { code: shown.code })}</Alert>}
      {shown.current && <Alert tone="info">{fill(texts.sandboxCurrentCode, { code: shown.current })}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <SmsCodeForm
        fields={PHONE_CHANGE_CODES}
        submitLabel={texts.confirm}
        onSubmit={confirm}
        resend={smsResend(elapsed, resend)}
      />
    </section>
  );
}
