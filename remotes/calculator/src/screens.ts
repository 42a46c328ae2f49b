import type { ScreenTable } from '@credimo/shared/federation';
import { loanAtom, loanChoiceAtom } from '@credimo/shared/session';
import { useAtomValue } from 'jotai';
import { createElement } from 'react';
import { Calculator, type CalculatorProps } from './Calculator';

/** On the application step the calculator asks for a choice only until there is one (or an application). */
function ApplicationCalculator(props: CalculatorProps) {
  const choice = useAtomValue(loanChoiceAtom);
  const loan = useAtomValue(loanAtom);
  if (choice || loan) return null;
  return createElement(Calculator, props);
}

/** Screens this remote owns, by the route names of @credimo/shared's route table. */
export const SCREENS: ScreenTable = {
  calculator: Calculator,
  applicationCalculator: ApplicationCalculator,
};
