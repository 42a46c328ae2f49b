import {
  Alert,
  Button,
  calls,
  captchaToken,
  formatPhone,
  maskPhone,
  nationalDigits,
  normaliseApiError,
  PATHS,
  type ScreenProps,
  sessionIdAtom,
  storedTargetUrl,
  storedUtmSource,
  TextField,
} from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import { useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { narrowScreen } from '../screen';
import { CaptchaNotice } from './CaptchaNotice';
import { ConsentFields } from './ConsentFields';
import { PhoneConfirmModal } from './PhoneConfirmModal';
import { type AuthValues, authSchema } from './schemas';
import { startTimer } from './timer';

/**
 * Login/auth: phone and consents; without an agent session the first submit asks to confirm
 * the phone in a modal and the second sends the code; then the code screen, carrying the phone.
 */
export function AuthScreen({ navigate, state }: ScreenProps) {
  const agentSession = useAtomValue(sessionIdAtom);
  const initialPhone = (state as { phone?: string } | undefined)?.phone ?? '';
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const sendCode = async (values: AuthValues) => {
    const phone = nationalDigits(values.phone);
    setNotice(null);
    try {
      // The login payload: target_url as kept for 30 days, and the recaptcha token; the
      // utm_source from the page address, kept so the API can store it on the customer it creates.
      const recaptchaToken = await captchaToken('login');
      const body: Parameters<typeof calls.login>[0] = {
        mobile_phone: phone,
        agree_marketing: values.receiveInformation,
        ...(agentSession ? { agent_session_id: agentSession } : {}),
        ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
        ...storedTargetUrl(),
        ...storedUtmSource(),
      };
      const sent = await calls.login(body);
      startTimer(phone);
      // The consents ticked here are recorded once the code is confirmed and the customer is known.
      navigate(PATHS.authConfirm, {
        state: { phone, sandboxCode: sent.sandboxCode, receiveInformation: values.receiveInformation },
      });
    } catch (error) {
      const problem = normaliseApiError(error);
      if (problem.fieldErrors.mobile_phone) formik.setFieldError('phone', problem.fieldErrors.mobile_phone);
      else setNotice(problem.message);
    }
  };

  const formik = useFormik<AuthValues>({
    initialValues: {
      phone: maskPhone(initialPhone),
      privacyProtectionPolicy: false,
      agreementTerms: false,
      receiveInformation: false,
    },
    validationSchema: authSchema,
    validateOnBlur: true,
    validateOnChange: false,
    onSubmit: async (values) => {
      // An agent has the customer on the phone: no second confirmation step.
      if (agentSession) return sendCode(values);
      setConfirming(true);
    },
  });

  const errorOf = (name: keyof AuthValues) =>
    formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;

  return (
    <section className={narrowScreen} data-screen="auth" aria-labelledby="auth-title">
      {agentSession ? (
        <>
          <h1 id="auth-title">{texts.agentWelcome}</h1>
          <p>{texts.agentIntro}</p>
        </>
      ) : (
        <>
          <h1 id="auth-title">{texts.authTitle}</h1>
          <p>{texts.authIntro}</p>
        </>
      )}
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={formik.handleSubmit}>
        <TextField
          label={texts.phoneLabel}
          hint={texts.phoneHint}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={formik.values.phone}
          onChange={(event) => formik.setFieldValue('phone', maskPhone(event.target.value))}
          onBlur={formik.handleBlur}
          error={errorOf('phone')}
        />
        <ConsentFields form={formik} errorOf={(name) => errorOf(name)} />
        <Button type="submit" disabled={formik.isSubmitting}>
          {texts.continue}
        </Button>
        <CaptchaNotice />
      </form>
      {confirming && (
        <PhoneConfirmModal
          phone={formatPhone(formik.values.phone)}
          onChange={() => setConfirming(false)}
          onConfirm={async () => {
            setConfirming(false);
            await sendCode(formik.values);
          }}
        />
      )}
    </section>
  );
}
