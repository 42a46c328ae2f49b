import {
  Alert,
  Button,
  calls,
  fill,
  findRoute,
  formatPhone,
  Modal,
  messages,
  normaliseApiError,
  PATHS,
  registrationEntry,
  type ScreenProps,
  sessionIdAtom,
  signIn,
  t,
  toRedirectUser,
  type UserResponse,
  WHATSAPP_OPTION_SECONDS,
} from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import type { FormikHelpers } from 'formik';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { type CodeValues, SmsCodeForm } from '../code/SmsCodeForm';
import { narrowScreen } from '../screen';
import { smsResend, timerKey, useSecondsSinceSent } from './timer';

interface ConfirmState {
  phone?: string;
  sandboxCode?: string | null;
  /** The marketing consent ticked on /auth (privacy and terms are required there). */
  receiveInformation?: boolean;
}

/**
 * Where a customer goes once signed in: registration until it is finished, from the step that
 * asks for what is missing of the profile, else the account.
 */
export const afterSignIn = (user: UserResponse) =>
  user.permissions.authorization_status === 1
    ? (findRoute(registrationEntry(toRedirectUser(user)))?.path ?? PATHS.registrationPersonalData)
    : PATHS.account;

export function AuthConfirmScreen({ navigate, state }: ScreenProps) {
  const { phone, sandboxCode, receiveInformation } = (state ?? {}) as ConfirmState;
  useEffect(() => {
    if (!phone) navigate(PATHS.auth, { replace: true });
  }, [phone, navigate]);
  return phone ? (
    <CodeForm
      phone={phone}
      sandboxCode={sandboxCode ?? null}
      receiveInformation={receiveInformation === true}
      navigate={navigate}
    />
  ) : null;
}

/**
 * Privacy and terms are taken on the sign-in screen; they are recorded (text version, time,
 * address: the API adds them) as soon as the session exists. A failure here must not lock the customer out
 * after a consumed code: the dynamic registration step asks for consents again.
 */
async function recordSignInConsents(receiveInformation: boolean) {
  try {
    await calls.saveConfirmations(receiveInformation);
  } catch {
    // Recorded again by the dynamic step (DynamicScreen) if this did not reach the API.
  }
}

function CodeForm({
  phone,
  sandboxCode,
  receiveInformation,
  navigate,
}: {
  phone: string;
  sandboxCode: string | null;
  receiveInformation: boolean;
  navigate: ScreenProps['navigate'];
}) {
  const agentSession = useAtomValue(sessionIdAtom);
  const [elapsed, restartTimer] = useSecondsSinceSent(phone);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [shownCode, setShownCode] = useState(sandboxCode);
  const [askingChange, setAskingChange] = useState(false);
  // One WhatsApp send per SMS code; the next code waits for the SMS timer.
  const [whatsappUsed, setWhatsappUsed] = useState(false);

  const confirm = async ({ code }: CodeValues, helpers: FormikHelpers<CodeValues>) => {
    setNotice(null);
    try {
      const { token } = await calls.loginConfirm({ mobile_phone: phone, code: code ?? '' });
      const user = await signIn(token);
      await recordSignInConsents(receiveInformation);
      localStorage.removeItem(timerKey(phone));
      navigate(afterSignIn(user), { replace: true });
    } catch (error) {
      const problem = normaliseApiError(error);
      // A blocked customer goes to the blocked page (the API refuses them a session).
      if (problem.status === 403 && problem.message === messages.accountBlocked) {
        navigate(PATHS.blocked, { replace: true });
        return;
      }
      if (problem.fieldErrors.code) helpers.setFieldError('code', problem.fieldErrors.code);
      else setNotice({ tone: 'error', text: problem.message });
    }
  };

  const resend = async (channel: 'sms' | 'whatsapp') => {
    setNotice(null);
    try {
      const sent = await calls.resendCode({ mobile_phone: phone, channel });
      // The SMS timer counts from the last SMS (the API's 90 s); a WhatsApp send only uses up the option.
      if (channel === 'sms') {
        restartTimer();
        setWhatsappUsed(false);
      } else setWhatsappUsed(true);
      setShownCode(sent.sandboxCode);
      setNotice({ tone: 'success', text: texts.codeResent });
    } catch {
      // A resend failure shows the message with the support phone.
      setNotice({ tone: 'error', text: t('resendFailed', { phone: texts.supportPhone }) });
    }
  };

  return (
    <section className={narrowScreen} data-screen="authConfirm" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{texts.codeTitle}</h1>
      <p>{fill(texts.codeSentTo, { phone: formatPhone(phone) })}</p>
      {shownCode && <Alert tone="info">{fill(texts.sandboxCode, { code: shownCode })}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <SmsCodeForm submitLabel={texts.confirm} onSubmit={confirm} resend={smsResend(elapsed, () => resend('sms'))}>
        {elapsed >= WHATSAPP_OPTION_SECONDS && (
          <Button variant="link" disabled={whatsappUsed} onClick={() => resend('whatsapp')}>
            {texts.whatsapp}
          </Button>
        )}
        {!agentSession && (
          <Button variant="link" onClick={() => setAskingChange(true)}>
            {texts.changePhone}
          </Button>
        )}
      </SmsCodeForm>
      {askingChange && (
        <Modal
          title={texts.changePhoneTitle}
          onClose={() => setAskingChange(false)}
          actions={
            <>
              <Button onClick={() => navigate(PATHS.auth, { state: { phone } })}>{texts.changePhoneYes}</Button>
              <Button variant="secondary" onClick={() => setAskingChange(false)}>
                {texts.changePhoneNo}
              </Button>
            </>
          }
        >
          <p>{texts.changePhoneBody}</p>
        </Modal>
      )}
    </section>
  );
}
