import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { requireSession } from '../identity/auth';
import { registrationFinished, userView } from '../identity/users';
import { applyForLoan, currentLoan } from '../loans/applications';
import { requestDecision } from '../loans/decision';
import { fullLoanView } from '../loans/loan-details';
import { route } from './route';

export async function loanRoutes(app: FastifyInstance, { database, jobs, config }: AppContext) {
  const db = database.db;

  route(app, endpoints.createLoan, async (request, reply) => {
    const session = requireSession(request);
    // Admins may look, not borrow on someone's behalf; agents assist the customer, who is present.
    if (session.kind === 'admin') throw ApiError.request(403, messages.impersonationForbidden);
    const user = await userView(db, session);
    if (user.permissions.is_blocked || user.is_blacklisted) throw ApiError.request(403, messages.applicationRefused);
    if (!registrationFinished(user)) throw ApiError.request(422, messages.profileIncomplete);
    const { loan, created } = await applyForLoan(db, session.userId, request.body, request.ip);
    // Queued again on a replay too: one job per loan, so an application whose first queueing was lost is decided.
    if (jobs) await requestDecision(jobs, String(loan.id), config.decisionDelaySeconds);
    reply.code(created ? 201 : 200);
    return fullLoanView(db, loan);
  });

  route(app, endpoints.loan, async (request) => {
    const session = requireSession(request);
    const loan = await currentLoan(db, session.userId);
    return loan ? fullLoanView(db, loan) : null;
  });

  route(app, endpoints.loans, async (request) => {
    const session = requireSession(request);
    const rows = await db
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', session.userId)
      .orderBy('request_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return Promise.all(rows.map((row) => fullLoanView(db, row)));
  });
}
