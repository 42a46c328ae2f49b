import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordWidgetOutcome, submitBankToken } from '../aggregation';
import type { AppContext } from '../context';
import { requireSession } from '../identity/auth';
import { CODE_RULES } from '../identity/rules';
import { agreementFile } from '../loans/agreements';
import { completeAutodebitStep } from '../loans/autodebit';
import { decisionReasons } from '../loans/decision';
import { availableBankAccounts, chooseIssueMethod } from '../loans/disbursement';
import { latestLoanId } from '../loans/ownership';
import { startPayout } from '../loans/payout';
import { requestReview } from '../loans/review';
import { approveNewConditions, sendSigningCode, signLoan } from '../loans/signing';
import { openLoanView } from '../views/loan';
import { route } from './route';

export async function originationRoutes(app: FastifyInstance, context: AppContext) {
  const { database, sms } = context;
  const db = database.db;
  const jobs = context.jobs;
  const payout = context.payout;
  if (!jobs || !payout) throw new Error('origination routes need the job queue and the payout provider');

  const currentView = (userId: string) => openLoanView(db, userId);

  route(app, endpoints.issueMethod, async (request) => {
    const session = requireSession(request);
    await chooseIssueMethod(db, session.userId, request.body);
    return {};
  });

  route(app, endpoints.bankToken, async (request) => {
    const session = requireSession(request);
    await submitBankToken(db, jobs, session.userId, request.body);
    return {};
  });

  route(app, endpoints.unnaxWidgetStatus, async (request) => {
    const session = requireSession(request);
    const outcome = { status: request.params.status, code: request.body.code, via: 'widget' as const };
    if (outcome.status === 'error') request.log.warn({ code: outcome.code }, 'aggregation identity widget error');
    return recordWidgetOutcome(db, session.userId, outcome);
  });

  route(app, endpoints.aggregationFallback, async (request) => {
    const session = requireSession(request);
    const outcome = { status: request.body.status, code: request.body.code, via: 'fallback' as const };
    if (outcome.status === 'error') request.log.warn({ code: outcome.code }, 'aggregation fallback error');
    return recordWidgetOutcome(db, session.userId, outcome);
  });

  route(app, endpoints.availableBankAccounts, async (request) =>
    availableBankAccounts(db, requireSession(request).userId),
  );

  route(app, endpoints.loanDecision, async (request) => {
    const session = requireSession(request);
    return decisionReasons(db, await latestLoanId(db, session.userId));
  });

  route(app, endpoints.loanDecisionReview, async (request) => {
    const session = requireSession(request);
    await requestReview(db, context.config.lender, {
      loanId: await latestLoanId(db, session.userId),
      userId: session.userId,
      comment: request.body.comment ?? null,
    });
    return {};
  });

  route(app, endpoints.approveNewConditions, async (request) => {
    const session = requireSession(request);
    await approveNewConditions(db, session.userId);
    return {};
  });

  route(app, endpoints.signSend, async (request, reply) => {
    const session = requireSession(request);
    const code = await sendSigningCode(db, sms, session.userId, request.ip);
    // Sandbox only, as at sign-in: the code comes back in a header.
    if (sms.sandbox) reply.header('x-sms-code', code);
    return { resend_in: CODE_RULES.resendAfterSeconds };
  });

  route(app, endpoints.sign, async (request) => {
    const session = requireSession(request);
    await signLoan(db, session.userId, request.body.code, request.ip, context.config.lender, sms);
    return currentView(session.userId);
  });

  route(app, endpoints.autodebitComplete, async (request) => {
    const session = requireSession(request);
    await completeAutodebitStep(db, session.userId, request.body.autodebit_enabled);
    return currentView(session.userId);
  });

  const issuance = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = requireSession(request);
    const key = request.headers['idempotency-key'];
    const { reference, created } = await startPayout(
      db,
      jobs,
      payout,
      session.userId,
      typeof key === 'string' && key ? key.slice(0, 200) : null,
    );
    if (created) reply.code(201);
    const view = await currentView(session.userId);
    return { status: view.status, reference };
  };
  route(app, endpoints.loanIssuance, issuance);
  route(app, endpoints.userIssuance, issuance);

  route(
    app,
    endpoints.agreementFile,
    async (request, reply) => {
      const session = requireSession(request);
      const file = await agreementFile(db, session.userId, request.params.id, request.query);
      reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${file.name.replace(/[^\w. -]/g, '_')}"`);
      return reply.send(Buffer.from(file.pdf)) as never;
      // A PDF of some hundred KB per call: the PDF routes' group, not the generous standard one.
    },
    { config: { limit: 'expensive' } },
  );
}
