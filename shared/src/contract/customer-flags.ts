import Type, { type Static } from 'typebox';

/** The customer's feature flags, decided by the API per customer. */
export const CustomerFeatures = Type.Object({
  is_bizum_payment_provider_enabled: Type.Boolean(),
  is_hide_skip_auto_debit_button: Type.Boolean(),
  payment_procession_on_loan_view: Type.Boolean(),
  liveness: Type.Object({ allowed: Type.Boolean() }),
});
export type CustomerFeatures = Static<typeof CustomerFeatures>;
