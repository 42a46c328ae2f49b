import { isSandboxCaptchaToken } from '@credimo/shared/domain';
import type { RecaptchaConfig } from '../config';

/** What the sign-in asks of a captcha service: is this token a person's, for this action, from this address? */
export interface CaptchaVerifier {
  readonly sandbox: boolean;
  verify(check: { token: string; action: string; address: string }): Promise<boolean>;
}

/**
 * The default outside production: accepts the tokens the browser makes without Google (shared/domain/captcha.ts)
 * and refuses anything else, so a missing or forged token is refused just as Google would refuse it.
 */
export class SandboxCaptchaVerifier implements CaptchaVerifier {
  readonly sandbox = true;
  /** Tokens already accepted, and until when they are remembered: one use each, as Google's are. */
  private readonly used = new Map<string, number>();

  async verify({ token }: { token: string }): Promise<boolean> {
    if (!isSandboxCaptchaToken(token)) return false;
    const now = Date.now();
    if (this.used.size >= SANDBOX_TOKENS_KEPT) {
      for (const [kept, until] of this.used) if (until <= now) this.used.delete(kept);
    }
    if ((this.used.get(token) ?? 0) > now) return false;
    this.used.set(token, now + SANDBOX_TOKEN_REMEMBERED_MS);
    return true;
  }
}

/** A used sandbox token is refused for a day (Google's expire within minutes); the map is swept past this size. */
const SANDBOX_TOKEN_REMEMBERED_MS = 24 * 60 * 60_000;
const SANDBOX_TOKENS_KEPT = 10_000;

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
}

/** Google reCAPTCHA v3 (siteverify). A failing or slow service refuses the sign-in rather than waving it through. */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly sandbox = false;
  constructor(
    private readonly config: RecaptchaConfig,
    private readonly request: typeof fetch = fetch,
  ) {}

  async verify({ token, action, address }: { token: string; action: string; address: string }): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.config.secret, response: token, remoteip: address });
    try {
      const response = await this.request(this.config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteVerifyAnswer;
      // v2 answers carry no score or action; v3 answers must match the action and clear the score.
      if (answer.success !== true) return false;
      if (answer.action !== undefined && answer.action !== action) return false;
      return answer.score === undefined || answer.score >= this.config.minScore;
    } catch {
      return false;
    }
  }
}
