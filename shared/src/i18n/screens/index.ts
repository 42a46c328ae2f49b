import { account } from './account';
import { application } from './application';
import { auth } from './auth';
import { calculator } from './calculator';
import { consoleTexts } from './console';
import { consoleBankTexts } from './console-bank';
import { customerRights } from './customer-rights';
import { customerRightsStaff } from './customer-rights-staff';
import { debtAdvice } from './debt-advice';
import { devMenu } from './dev-menu';
import { documents } from './documents';
import { forbearance } from './forbearance';
import { gateway } from './gateway';
import { mail } from './mail';
import { origination } from './origination';
import { payments } from './payments';
import { profile } from './profile';
import { shell } from './shell';

/**
 * Every sentence a customer reads on a screen, keyed by screen (`texts.calculator.title`), for whoever reviews
 * them all; messages.ts holds the validation and error messages. A remote imports only its own screen's
 * module (`@credimo/shared/i18n/screens/calculator`) so that its bundle does not carry the others.
 */
export const texts = {
  account,
  application,
  auth,
  calculator,
  console: consoleTexts,
  consoleBank: consoleBankTexts,
  customerRights,
  customerRightsStaff,
  debtAdvice,
  devMenu,
  documents,
  forbearance,
  gateway,
  mail,
  origination,
  payments,
  profile,
  shell,
} as const;
