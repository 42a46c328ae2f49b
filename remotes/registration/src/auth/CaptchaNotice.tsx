import { usesGoogleCaptcha } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import styles from './auth.module.css';

/**
 * Next to the submit button of a form that asks Google's reCAPTCHA for a token: the site says it is protected
 * by reCAPTCHA, as Google requires when its badge is hidden (auth.module.css hides it). Nothing in sandbox mode.
 */
export function CaptchaNotice() {
  if (!usesGoogleCaptcha()) return null;
  return <p className={styles.captchaNotice}>{texts.captchaNotice}</p>;
}
