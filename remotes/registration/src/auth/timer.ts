import { fill, formatClock, SMS_RESEND_SECONDS } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import { useEffect, useState } from 'react';

/** The resend timer lives in localStorage under the `es-timer` prefix (cleared on logout). */
export const timerKey = (phone: string) => `es-timer:${phone}`;

export function startTimer(phone: string, now = Date.now()): void {
  localStorage.setItem(timerKey(phone), String(now));
}

/** Seconds since the last code was sent to this phone; a missing or bad entry counts as just sent. */
export function secondsSinceSent(phone: string, now = Date.now()): number {
  const stored = Number(localStorage.getItem(timerKey(phone)));
  if (!stored || stored > now) {
    startTimer(phone, now);
    return 0;
  }
  return Math.floor((now - stored) / 1000);
}

/** Ticks once a second while a code is fresh; survives reloads because it reads localStorage. */
export function useSecondsSinceSent(phone: string): [number, () => void] {
  const [elapsed, setElapsed] = useState(() => secondsSinceSent(phone));
  useEffect(() => {
    const id = setInterval(() => setElapsed(secondsSinceSent(phone)), 1000);
    return () => clearInterval(id);
  }, [phone]);
  const restart = () => {
    startTimer(phone);
    setElapsed(0);
  };
  return [elapsed, restart];
}

export const formatCountdown = (elapsed: number) => formatClock(Math.max(0, SMS_RESEND_SECONDS - elapsed));

/** The SMS resend button of a code sent `elapsed` seconds ago, as the code form takes it. */
export const smsResend = (elapsed: number, onResend: () => void) => ({
  label: texts.resend,
  secondsLeft: SMS_RESEND_SECONDS - elapsed,
  countdown: fill(texts.resendIn, { time: formatCountdown(elapsed) }),
  onResend,
});
