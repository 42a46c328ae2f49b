import { messages, phoneProblem, SMS_CODE_LENGTH, smsCodeProblem, t } from '@credimo/shared';
import * as yup from 'yup';

/** The yup side of the validation rules: each rule is the shared domain function, so forms and API agree. */
export const phoneField = () =>
  yup
    .string()
    .default('')
    .test('phone', (value, context) => {
      const problem = phoneProblem(value);
      return problem ? context.createError({ message: messages[problem] }) : true;
    });

export const smsCodeField = () =>
  yup
    .string()
    .default('')
    .test('code', (value, context) => {
      const problem = smsCodeProblem(value);
      if (!problem) return true;
      const message =
        problem === 'minLengthField'
          ? t(problem, { from: value?.length ?? 0, to: SMS_CODE_LENGTH })
          : messages[problem];
      return context.createError({ message });
    });

export const requiredConsent = () => yup.boolean().default(false).oneOf([true], messages.checkboxFieldRequired);

export const authSchema = yup.object({
  phone: phoneField(),
  privacyProtectionPolicy: requiredConsent(),
  agreementTerms: requiredConsent(),
  receiveInformation: yup.boolean().default(false),
});
export type AuthValues = yup.InferType<typeof authSchema>;

export const codeSchema = yup.object({ code: smsCodeField() });
