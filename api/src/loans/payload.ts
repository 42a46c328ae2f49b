import type { CreateLoanPayload, CreateLoanRequest } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import { ApiError } from '../errors';

/**
 * The create payload's two namings as one: `sum` and `terms` stand for `loan_sum` and
 * `loan_period`. The first naming wins when both are sent; a missing amount or term is answered on the field
 * of the first naming, as the forms know it.
 */
export function canonicalLoanRequest(payload: CreateLoanPayload): CreateLoanRequest {
  const { sum, terms, loan_sum, loan_period, ...rest } = payload;
  const amount = loan_sum ?? sum;
  const term = loan_period ?? terms;
  if (term === undefined) throw ApiError.field(422, 'loan_period', messages.fieldRequired);
  if (amount === undefined) throw ApiError.field(422, 'loan_sum', messages.fieldRequired);
  return { ...rest, loan_sum: amount, loan_period: term };
}
