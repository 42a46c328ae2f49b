import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { requireSession } from '../identity/auth';
import { registrationFinished, userView } from '../identity/users';
import { applyForLoan, currentLoanView, loansOf, loanView } from '../loans/applications';
import { canonicalLoanRequest } from '../loans/payload';
import { route } from './route';

export async function loanRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;

  route(app, endpoints.createLoan, async (request, reply) => {
    const session = requireSession(request);
    // Admins may look, not borrow on someone's behalf; agents assist the customer, who is present.
    if (session.kind === 'admin') throw ApiError.request(403, messages.impersonationForbidden);
    const user = await userView(db, session);
    if (user.permissions.is_blocked || user.is_blacklisted) throw ApiError.request(403, messages.applicationRefused);
    if (!registrationFinished(user)) throw ApiError.request(422, messages.profileIncomplete);
    const { loan, created } = await applyForLoan(db, session.userId, canonicalLoanRequest(request.body), request.ip);
    reply.code(created ? 201 : 200);
    return loanView(loan);
  });

  route(app, endpoints.loan, async (request) => currentLoanView(db, requireSession(request).userId), {
    config: { conditional: true },
  });

  route(app, endpoints.loans, async (request) => loansOf(db, requireSession(request).userId));
}
