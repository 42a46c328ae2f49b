import { LoanStatus, type LoanView, loanAtom, sessionStore } from '@credimo/shared';
import { screen } from '@testing-library/react';
import { SCREENS } from '../screens';
import { mockApiPerTest, showScreen } from '../test-utils';

const http = mockApiPerTest();

const loan = (overrides: Partial<LoanView>): LoanView =>
  ({
    id: '7',
    public_id: 'CR100007',
    status: LoanStatus.AwaitingIssuanceMethod,
    request_amount: 30000,
    original_request_amount: 30000,
    return_amount: 39000,
    commission: 9000,
    tae: 2270.6,
    is_free: false,
    promocode: null,
    predicted_must_pay_date: '2026-12-28',
    days: { total: 30 },
    required_files: [],
    auto_debit_step_completed: false,
    agreements: [],
    approve_date: '2026-11-28T05:00:00.000Z',
    ...overrides,
  }) as LoanView;

const screenOf = (route: string) => {
  const Screen = SCREENS[route];
  if (!Screen) throw new Error(`no screen for ${route}`);
  return Screen;
};

const approvalNote = () => screen.queryByText(/Tu solicitud está aprobada/);

describe('an approval is announced on the steps it leads to', () => {
  beforeEach(() => {
    http.current.onGet('/v2/user/available_bank_accounts').reply(200, []);
  });

  test('the step after the decision says the application is approved, and for how much', () => {
    sessionStore.set(loanAtom, loan({ request_amount: 25000 }));
    showScreen(screenOf('applicationIssueMethod'), { screen: 'applicationIssueMethod' });
    expect(approvalNote()).toHaveTextContent('¡Tu solicitud está aprobada! Te prestamos 250,00 €.');
  });

  test('every step between the approval and the signature announces it', () => {
    for (const route of [
      'registrationPhotoVerification',
      'applicationRequestAdditionalPhotos',
      'applicationIssueMethod',
      'registrationSelectAccount',
      'applicationBankDataPreview',
      'applicationApproveNewConditions',
      'applicationSign',
    ]) {
      sessionStore.set(loanAtom, loan({ status: LoanStatus.AwaitingSignContract }));
      const { unmount } = showScreen(screenOf(route), { screen: route });
      expect([route, approvalNote()]).toEqual([route, expect.anything()]);
      unmount();
    }
  });

  test('nothing is announced before the decision, nor once the contract is signed', () => {
    sessionStore.set(loanAtom, loan({ status: LoanStatus.AwaitingIssuanceMethod, approve_date: null }));
    const { unmount } = showScreen(screenOf('applicationIssueMethod'), { screen: 'applicationIssueMethod' });
    expect(approvalNote()).toBeNull();
    unmount();
    sessionStore.set(loanAtom, loan({ status: LoanStatus.ContractSigned }));
    showScreen(screenOf('registrationPhotoVerification'), { screen: 'registrationPhotoVerification' });
    expect(approvalNote()).toBeNull();
  });
});
