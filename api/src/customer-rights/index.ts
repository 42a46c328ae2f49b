import { type ComplaintsService, CustomerRightsSettingValues, type DebtAdviceService } from '@credimo/shared/contract';
import { type ContactRules, DEFAULT_CONTACT_RULES, DEFAULT_REVIEW_ANSWER_DAYS } from '@credimo/shared/domain';
import { fill } from '@credimo/shared/i18n/fill';
import { customerRightsStaff as texts } from '@credimo/shared/i18n/screens/customer-rights-staff';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import type { LenderIdentity } from '../config';
import type { CustomerRightsSettingKey, Database } from '../db/schema';

/**
 * The rules of the customer's rights that operators change without a release: the days a review of a refusal is
 * answered in, the free debt-advice services, the lender's complaints service, collection's contact hours and
 * limits. A key never set reads its default here; `npm run ops -- rights-setting` sets one.
 */
export interface CustomerRightsSettings {
  review_answer_days: number;
  debt_advice: DebtAdviceService[];
  complaints: ComplaintsService;
  contact_rules: ContactRules;
}

/** Free, public debt-advice services in Spain (CCD2 Art. 36): the default list until operators set theirs. */
export const DEFAULT_DEBT_ADVICE: DebtAdviceService[] = texts.defaults.debtAdvice;

export function defaultSettings(lender: LenderIdentity): CustomerRightsSettings {
  return {
    review_answer_days: DEFAULT_REVIEW_ANSWER_DAYS,
    debt_advice: DEFAULT_DEBT_ADVICE,
    complaints: {
      name: fill(texts.defaults.complaintsName, { lender: lender.name }),
      email: lender.email,
      address: lender.address,
      url: null,
    },
    contact_rules: DEFAULT_CONTACT_RULES,
  };
}

export const SETTING_KEYS = Object.keys(CustomerRightsSettingValues) as CustomerRightsSettingKey[];

/** Every setting: the operators' value where one is set, the default otherwise. */
export async function rightsSettings(db: Kysely<Database>, lender: LenderIdentity): Promise<CustomerRightsSettings> {
  const rows = await db.selectFrom('customer_rights_settings').select(['key', 'value']).execute();
  const settings: Record<string, unknown> = { ...defaultSettings(lender) };
  // A value that no longer fits its schema (set by hand in the database) is ignored rather than shown broken.
  for (const row of rows)
    if (Value.Check(CustomerRightsSettingValues[row.key], row.value)) settings[row.key] = row.value;
  return settings as unknown as CustomerRightsSettings;
}

export class SettingError extends Error {}

/** Sets one setting, checked against its schema; answers the value stored. */
export async function setRightsSetting(db: Kysely<Database>, key: string, value: unknown, by: string) {
  if (!(SETTING_KEYS as string[]).includes(key)) {
    throw new SettingError(`unknown setting ${key}: one of ${SETTING_KEYS.join(', ')}`);
  }
  const name = key as CustomerRightsSettingKey;
  const schema = CustomerRightsSettingValues[name];
  if (!Value.Check(schema, value)) {
    const first = [...Value.Errors(schema, value)][0];
    throw new SettingError(`${key} is not valid: ${first ? `${first.instancePath || '/'} ${first.message}` : ''}`);
  }
  const json = JSON.stringify(value);
  await db
    .insertInto('customer_rights_settings')
    .values({ key: name, value: json, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_by: by, updated_at: new Date() }))
    .execute();
  return value;
}
