import { endpoints, type LoginRequest, type ResendRequest } from '@credimo/shared/contract';
import { phoneProblem, SMS_CODE_LENGTH, smsCodeProblem } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { type MessageKey, messages, t } from '@credimo/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { randomToken } from '../crypto';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import { requireSession, requireSessionFor } from '../identity/auth';
import { consumeCode, issueCode, resendLoginCode } from '../identity/codes';
import {
  agentData,
  agentOfSessionId,
  issueLinkCode,
  issueSiteCode,
  redeemAdminToken,
  redeemAgentCode,
  redeemSiteCode,
} from '../identity/handoff';
import {
  confirmPhoneChange,
  type PhoneChangeCodes,
  resendPhoneChange,
  startPhoneChange,
} from '../identity/phone-change';
import { conditionalPoll } from '../identity/poll';
import { variantOf } from '../identity/poll-cache';
import { CODE_RULES, HANDOFF_RULES } from '../identity/rules';
import { openSession, revokeSession } from '../identity/sessions';
import { confirmedUser, isBlocked } from '../identity/users';
import { captchaVerifierFor } from '../providers';
import { userViewByToken } from '../views/user';
import { route } from './route';

/** The phone rule on the API side: the same function the forms use. */
function validPhone(input: string, property = 'mobile_phone'): string {
  const problem = phoneProblem(input);
  if (problem) throw ApiError.field(422, property, messages[problem]);
  return nationalDigits(input);
}

function validCode(code: string, property = 'code'): string {
  const problem: MessageKey | null = smsCodeProblem(code);
  if (problem === 'minLengthField')
    throw ApiError.field(422, property, t(problem, { from: code.length, to: SMS_CODE_LENGTH }));
  if (problem) throw ApiError.field(422, property, messages[problem]);
  return code;
}

/**
 * The hand-off cookie: a random secret of the browser that asks for a site code, sent back only to the hand-off
 * routes. The WordPress site, the app and the API are one site (subdomains of one domain), so SameSite=Lax lets the
 * site's and the app's calls carry it while no other site's can.
 */
const HANDOFF_COOKIE = 'credimo_handoff';
const HANDOFF_COOKIE_PATH = '/v2/user/handoff';

function handoffSecretOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    const secret = value.join('=');
    if (name === HANDOFF_COOKIE && /^[A-Za-z0-9_-]{32,128}$/.test(secret)) return secret;
  }
  return null;
}

export async function identityRoutes(app: FastifyInstance, { database, sms, config, captcha }: AppContext) {
  const db = database.db;
  const captchaVerifier = captcha ?? captchaVerifierFor(config);

  /** The login's recaptcha_token: a missing or refused token is the token field's error, before any code. */
  const requireCaptcha = async (token: string | undefined, address: string) => {
    if (!token || !(await captchaVerifier.verify({ token, action: 'login', address })))
      throw ApiError.field(422, 'recaptcha_token', messages.captchaFailed);
  };

  /** Sandbox only: the code travels back in a header so people and tests can sign in. */
  const codeSent = (reply: FastifyReply, code: string) => {
    if (sms.sandbox) reply.header('x-sms-code', code);
    return { resend_in: CODE_RULES.resendAfterSeconds };
  };
  /** A phone change's two codes: the new phone's as any code, the current phone's in its own header. */
  const phoneChangeSent = (reply: FastifyReply, codes: PhoneChangeCodes) => {
    if (sms.sandbox) reply.header('x-sms-code-current', codes.currentPhoneCode);
    return codeSent(reply, codes.code);
  };

  // Known and unknown phones get the same answer: a code is sent either way, the account is made on confirmation.
  const sendLoginCode = async (body: LoginRequest, address: string, reply: FastifyReply) => {
    const phone = validPhone(body.mobile_phone);
    await requireCaptcha(body.recaptcha_token, address);
    // An agent at the customer's side: the account it creates is theirs and the session is marked (audited).
    const agent = await agentOfSessionId(db, body.agent_session_id);
    const binding = {
      agree_marketing: body.agree_marketing === true,
      ...(agent ? { agent } : {}),
      ...(body.utm_source ? { utm_source: body.utm_source } : {}),
    };
    return codeSent(reply, await issueCode(db, sms, { phone, purpose: 'login', binding, address }));
  };

  route(app, endpoints.login, async (request, reply) => sendLoginCode(request.body, request.ip, reply));
  route(app, endpoints.phoneNumber, async (request, reply) => sendLoginCode(request.body, request.ip, reply));

  route(app, endpoints.loginConfirm, async (request) => {
    const phone = validPhone(request.body.mobile_phone);
    const code = validCode(request.body.code);
    const consumed = await consumeCode(db, { phone, purpose: 'login', address: request.ip, sms }, code);
    const agent = typeof consumed.binding.agent === 'string' ? consumed.binding.agent : null;
    const userId = await confirmedUser(db, phone, {
      agreeMarketing: consumed.binding.agree_marketing === true,
      registeredByAgent: agent !== null,
      utmSource: typeof consumed.binding.utm_source === 'string' ? consumed.binding.utm_source : null,
    });
    // A blocked customer proves the phone and is refused: told only once the code is right.
    if (await isBlocked(db, userId)) throw ApiError.request(403, messages.accountBlocked);
    const kind = agent ? 'agent' : 'customer';
    return { token: await openSession(db, { userId, kind, actor: agent, address: request.ip }) };
  });

  route(app, endpoints.resendCode, async (request, reply) => {
    const body: ResendRequest = request.body;
    const channel = body.channel ?? 'sms';
    if (request.session && !body.mobile_phone) {
      // A signed-in customer changing phone: the code goes again to the new phone they asked for.
      const session = requireSessionFor(request, 'changePhone');
      return phoneChangeSent(
        reply,
        await resendPhoneChange(db, sms, { userId: session.userId, channel, address: request.ip }),
      );
    }
    if (!body.mobile_phone) throw ApiError.field(422, 'mobile_phone', messages.fieldRequired);
    const phone = validPhone(body.mobile_phone);
    return codeSent(reply, await resendLoginCode(db, sms, { phone, channel, address: request.ip }));
  });

  route(app, endpoints.logout, async (request) => {
    const session = requireSession(request);
    await revokeSession(db, session.id);
    return {};
  });

  // The customer flags' defaults are part of the answer: a process configured otherwise keeps its own answers.
  const userVariant = variantOf(config.version, config.customerFlagDefaults);
  // Polled every few seconds by every waiting customer: unchanged, one small statement and a 304; unchanged
  // since this session's last full answer, the same statement brings that answer; else one statement checks
  // the session and assembles the user, kept for the next poll (identity/poll.ts).
  route(
    app,
    endpoints.user,
    async (request, reply) =>
      conditionalPoll(request, reply, {
        db,
        view: 'user',
        variant: userVariant,
        answer: (tokenHash) => userViewByToken(db, tokenHash, config.customerFlagDefaults),
      }),
    { config: { sessionInQuery: true, conditional: true } },
  );

  route(app, endpoints.changePhone, async (request, reply) => {
    const session = requireSession(request);
    const phone = validPhone(request.body.mobile_phone);
    return phoneChangeSent(
      reply,
      await startPhoneChange(db, sms, { userId: session.userId, phone, address: request.ip }),
    );
  });

  route(app, endpoints.phoneConfirmation, async (request) => {
    const session = requireSession(request);
    const code = validCode(request.body.code);
    const currentPhoneCode = validCode(request.body.current_phone_code, 'current_phone_code');
    await confirmPhoneChange(db, {
      userId: session.userId,
      sessionId: session.id,
      code,
      currentPhoneCode,
      address: request.ip,
      sms,
    });
    return {};
  });

  route(app, endpoints.agentCustomer, async (request) => {
    const { userId, actor } = await redeemAgentCode(db, request.params.sessionId);
    const token = await openSession(db, { userId, kind: 'agent', actor, address: request.ip });
    await audit(db, {
      actor: `agent:${actor}`,
      subject: `user:${userId}`,
      action: 'agent_session_opened',
      address: request.ip,
    });
    return { token, agent: { name: actor } };
  });

  // A customer's own session only (an agent's or admin's is not handed on from a marketing page).
  route(app, endpoints.siteHandoff, async (request, reply) => {
    const session = requireSession(request);
    if (session.kind !== 'customer') throw ApiError.request(403, messages.impersonationForbidden);
    // One secret per browser: two tabs handing over at once both keep a valid code.
    const browserSecret = handoffSecretOf(request) ?? randomToken();
    reply.header(
      'set-cookie',
      `${HANDOFF_COOKIE}=${browserSecret}; Path=${HANDOFF_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${
        HANDOFF_RULES.siteBrowserSeconds
      }${config.publicUrl.startsWith('https:') ? '; Secure' : ''}`,
    );
    return { code: await issueSiteCode(db, session.userId, browserSecret) };
  });

  route(app, endpoints.linkCode, async (request) => ({
    code: await issueLinkCode(db, requireSession(request).userId, request.body.page),
  }));

  route(app, endpoints.siteHandoffExchange, async (request) => {
    const userId = await redeemSiteCode(
      db,
      request.body.code,
      handoffSecretOf(request),
      request.session,
      request.body.replace === true,
    );
    return { token: await openSession(db, { userId, kind: 'customer', actor: null, address: request.ip }) };
  });

  route(app, endpoints.agentData, async (request) => agentData(db, requireSession(request)));

  route(app, endpoints.adminLoginAs, async (request) => {
    const { api_key, admin_username } = request.body;
    const { userId, actor } = await redeemAdminToken(db, api_key, admin_username);
    const token = await openSession(db, { userId, kind: 'admin', actor, address: request.ip });
    await audit(db, {
      actor: `admin:${actor}`,
      subject: `user:${userId}`,
      action: 'impersonation_started',
      address: request.ip,
    });
    return { token };
  });
}
