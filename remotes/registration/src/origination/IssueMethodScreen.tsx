import {
  Alert,
  Button,
  ibanProblem,
  messages,
  normaliseApiError,
  normaliseIban,
  refreshUser,
  type ScreenProps,
  TextField,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { wideScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';

const texts = originationTexts.issueMethod;
const NEW_ACCOUNT = 'new';

/** ES plus 22 digits with valid check digits (ibantools), spaces removed; required when typed. */
export const ibanSchema = yup.object({
  account: yup.string().required(messages.fieldRequired),
  iban: yup.string().test('iban', messages.incorrectNumberIban, function check(value) {
    if (this.parent.account !== NEW_ACCOUNT) return true;
    if (!value?.trim()) return this.createError({ message: messages.fieldRequired });
    return ibanProblem(value) === null;
  }),
});

/** GET /v2/user/available_bank_accounts, refetched every 3 s while it is empty. */
function useBankAccounts(): string[] | null {
  const [accounts, setAccounts] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const list = await originationCalls.availableBankAccounts().catch(() => [] as string[]);
      if (!live) return;
      setAccounts(list);
      if (list.length === 0) timer = setTimeout(load, USER_POLL_MS.bankAccounts);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return accounts;
}

/**
 * /application/issue-method and /registration/select-account, the IBAN screen titled "go to
 * signing". Method 1 (bank account) with a known or new Spanish IBAN; the loan then awaits its signature and the
 * redirect rules take the customer to signing. Or method 9: the customer's bank connected through the aggregation
 * provider (the rules then lead to the bank verification preview).
 */
export function IssueMethodScreen({ screen }: ScreenProps) {
  const accounts = useBankAccounts();
  const [failure, setFailure] = useState<string | null>(null);
  const known = accounts ?? [];
  const form = useFormik({
    initialValues: { account: '', iban: '' },
    validationSchema: ibanSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const iban = values.account === NEW_ACCOUNT ? normaliseIban(values.iban) : values.account;
      try {
        await originationCalls.issueMethod({ method_of_disbursement: 1, iban });
        await refreshUser();
      } catch (error) {
        const problem = normaliseApiError(error);
        if (problem.fieldErrors.iban) helpers.setFieldError('iban', problem.fieldErrors.iban);
        else setFailure(problem.message);
      }
    },
  });
  // Method 9: the bank-data aggregation; the loan then awaits the bank's data and the rules lead to its preview.
  const chooseAggregation = async () => {
    setFailure(null);
    try {
      await originationCalls.issueMethod({ method_of_disbursement: 9 });
      await refreshUser();
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  };
  // With no known account the only choice is a new one.
  const { setFieldValue } = form;
  const hasKnown = known.length > 0;
  useEffect(() => {
    if (!hasKnown) void setFieldValue('account', NEW_ACCOUNT, false);
  }, [hasKnown, setFieldValue]);
  const error = (field: 'iban' | 'account') => (form.touched[field] ? form.errors[field] : undefined);
  return (
    <section className={wideScreen} data-screen={screen} aria-labelledby="issue-method-title">
      <h1 id="issue-method-title">{texts.title}</h1>
      <p>{texts.body}</p>
      <form noValidate onSubmit={form.handleSubmit}>
        {accounts === null && <p aria-live="polite">{texts.loadingAccounts}</p>}
        {hasKnown && (
          <fieldset className={styles.choices}>
            <legend>{texts.knownAccountLabel}</legend>
            {[...known, NEW_ACCOUNT].map((account) => (
              <label key={account}>
                <input
                  type="radio"
                  name="account"
                  value={account}
                  checked={form.values.account === account}
                  onChange={form.handleChange}
                />{' '}
                {account === NEW_ACCOUNT ? texts.newAccount : account}
              </label>
            ))}
            {error('account') && <Alert tone="error">{error('account')}</Alert>}
          </fieldset>
        )}
        {form.values.account === NEW_ACCOUNT && (
          <TextField
            label={texts.ibanLabel}
            name="iban"
            autoComplete="off"
            inputMode="text"
            hint={texts.ibanHint}
            value={form.values.iban}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={error('iban')}
          />
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.isSubmitting}>
            {texts.submit}
          </Button>
        </div>
      </form>
      <h2>{texts.aggregationTitle}</h2>
      <p>{texts.aggregationBody}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={chooseAggregation}>
          {texts.aggregation}
        </Button>
      </div>
    </section>
  );
}
