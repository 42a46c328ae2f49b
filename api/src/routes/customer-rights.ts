import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { rightsSettings } from '../customer-rights';
import { requireSession } from '../identity/auth';
import { collectionContacts } from '../servicing/contacts';
import { route } from './route';

/** The customer's rights: the operators' settings the screens show, and the record of collection's contacts. */
export async function customerRightsRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const db = database.db;
  route(app, endpoints.customerRights, async () => {
    const { review_answer_days, debt_advice, complaints } = await rightsSettings(db, config.lender);
    return { review_answer_days, debt_advice, complaints };
  });
  route(app, endpoints.loanContacts, async (request) => collectionContacts(db, requireSession(request).userId));
}
