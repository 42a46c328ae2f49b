import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireSession } from '../identity/auth';
import { conditionalPoll } from '../identity/poll';
import { variantOf } from '../identity/poll-cache';
import { applyForLoan } from '../loans/applications';
import { requestDecision } from '../loans/decision';
import { canonicalLoanRequest } from '../loans/payload';
import { currentLoanByToken, fullLoanView, loansOf } from '../views/loan';
import { registrationFinished, userView } from '../views/user';
import { route } from './route';

export async function loanRoutes(app: FastifyInstance, { database, jobs, config }: AppContext) {
  const db = database.db;

  route(app, endpoints.createLoan, async (request, reply) => {
    const session = requireSession(request);
    const user = await userView(db, session, config.customerFlagDefaults);
    if (user.permissions.is_blocked || user.is_blacklisted) throw ApiError.request(403, messages.applicationRefused);
    if (!registrationFinished(user)) throw ApiError.request(422, messages.profileIncomplete);
    const { loan, created } = await applyForLoan(db, session.userId, canonicalLoanRequest(request.body), request.ip);
    // Queued again on a replay too: one job per loan, so an application whose first queueing was lost is decided.
    if (jobs) await requestDecision(jobs, String(loan.id), config.decisionDelaySeconds);
    reply.code(created ? 201 : 200);
    return fullLoanView(db, loan);
  });

  // Polled like GET /v2/user: the session, the versions and the current loan with its parts in one statement.
  const loanVariant = variantOf(config.version);
  route(
    app,
    endpoints.loan,
    async (request, reply) =>
      conditionalPoll(request, reply, {
        db,
        view: 'loan',
        variant: loanVariant,
        answer: (tokenHash) => currentLoanByToken(db, tokenHash),
      }),
    { config: { sessionInQuery: true, conditional: true } },
  );

  route(app, endpoints.loans, async (request) => loansOf(db, requireSession(request).userId));
}
