import {
  accessTokenAtom,
  LoanStatus,
  type LoanView,
  loanAtom,
  messages,
  sessionStore,
  type UserResponse,
  userAtom,
} from '@credimo/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { widgetScripts } from './AggregationWidgets';
import { ApproveNewConditionsScreen } from './ApproveNewConditionsScreen';
import { AutoDebitScreen, cardPageBrowser } from './AutoDebitScreen';
import { AggregationReturnScreen, BankDataPreviewScreen, BankDataScreen } from './BankVerificationScreens';
import { IssueMethodScreen } from './IssueMethodScreen';
import { LoanProgressScreen } from './LoanProgressScreen';
import { SignScreen } from './SignScreen';

const http = mockApiPerTest();
const VALID_IBAN = 'ES91 2100 0418 4502 0005 1332';

function loan(overrides: Partial<LoanView> = {}): LoanView {
  return {
    id: '7',
    public_id: 'CR100007',
    status: LoanStatus.AwaitingSignContract,
    status_type: 'info',
    status_text: 'Pendiente de firma',
    request_date: '2026-11-22T10:00:00.000Z',
    request_amount: 30000,
    original_request_amount: 50000,
    return_amount: 39000,
    commission: 9000,
    tae: 2270.6,
    is_free: false,
    promocode: null,
    predicted_must_pay_date: '2026-12-22',
    days: { total: 30 },
    required_files: [],
    auto_debit_step_completed: false,
    agreements: [],
    ...overrides,
  };
}

const userWith = (current: LoanView | null, extra: Partial<UserResponse> = {}) =>
  ({ loan: current, permissions: { authorization_status: 2 }, ...extra }) as unknown as UserResponse;

const userCalls = () => http.current.history.get.filter((r) => r.url === '/v2/user').length;

describe('the IBAN screen (/application/issue-method, /registration/select-account)', () => {
  test('a Spanish IBAN is sent without spaces as method 1, then the user is refreshed', async () => {
    http.current.onGet('/v2/user/available_bank_accounts').reply(200, []);
    http.current.onPut('/v2/user/issue_method').reply(200, {});
    http.current.onGet('/v2/user').reply(200, userWith(loan()));
    showScreen(IssueMethodScreen, { screen: 'applicationIssueMethod' });
    expect(screen.getByRole('heading', { name: 'Ir a la firma' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('IBAN'), VALID_IBAN.toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(http.current.history.put).toHaveLength(1));
    expect(JSON.parse(http.current.history.put[0]?.data)).toEqual({
      method_of_disbursement: 1,
      iban: 'ES9121000418450200051332',
    });
    await waitFor(() => expect(sessionStore.get(loanAtom)?.status).toBe(LoanStatus.AwaitingSignContract));
  });

  test('anything but ES and 22 digits with valid check digits is "Número de IBAN incorrecto", never sent', async () => {
    http.current.onGet('/v2/user/available_bank_accounts').reply(200, []);
    showScreen(IssueMethodScreen);
    for (const wrong of ['ES91 2100 0418 4502 0005 1333', 'DE89370400440532013000', 'ES12']) {
      const field = await screen.findByLabelText('IBAN');
      await userEvent.clear(field);
      await userEvent.type(field, wrong);
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await screen.findByText(messages.incorrectNumberIban)).toBeInTheDocument();
    }
    expect(http.current.history.put).toHaveLength(0);
  });

  test("the API's refusal of the IBAN is shown on the field", async () => {
    http.current.onGet('/v2/user/available_bank_accounts').reply(200, []);
    http.current
      .onPut('/v2/user/issue_method')
      .reply(422, { errors: [{ message: 'Número de IBAN incorrecto', property: 'iban' }] });
    showScreen(IssueMethodScreen);
    await userEvent.type(await screen.findByLabelText('IBAN'), VALID_IBAN);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByLabelText('IBAN')).toHaveAccessibleDescription(/Número de IBAN incorrecto/);
  });

  test('known accounts are offered; while there are none the list is fetched again every 3 s', async () => {
    jest.useFakeTimers();
    try {
      http.current
        .onGet('/v2/user/available_bank_accounts')
        .replyOnce(200, [])
        .onGet('/v2/user/available_bank_accounts')
        .reply(200, ['ES9121000418450200051332']);
      showScreen(IssueMethodScreen);
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.queryByRole('radio')).toBeNull();
      await act(() => jest.advanceTimersByTimeAsync(3_000));
      expect(screen.getByRole('radio', { name: 'ES9121000418450200051332' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Otra cuenta' })).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(9_000));
      expect(http.current.history.get.filter((r) => r.url?.includes('available_bank_accounts'))).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('bank-data aggregation (method 9)', () => {
  test('the IBAN screen offers the bank connection: method 9, then the user is refreshed', async () => {
    http.current.onGet('/v2/user/available_bank_accounts').reply(200, []);
    http.current.onPut('/v2/user/issue_method').reply(200, {});
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.AwaitingBankProcessData })));
    showScreen(IssueMethodScreen, { screen: 'applicationIssueMethod' });
    await userEvent.click(screen.getByRole('button', { name: 'Conectar mi banco' }));
    await waitFor(() => expect(http.current.history.put).toHaveLength(1));
    expect(JSON.parse(http.current.history.put[0]?.data)).toEqual({ method_of_disbursement: 9 });
    await waitFor(() => expect(sessionStore.get(loanAtom)?.status).toBe(LoanStatus.AwaitingBankProcessData));
  });

  test('the preview says what the bank account needs, shows a widget error, polls every 3 s, and continues', async () => {
    jest.useFakeTimers();
    try {
      http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.AwaitingBankProcessData })));
      const { navigate } = showScreen(BankDataPreviewScreen, {
        state: { aggregationError: messages.identityNotVerified },
      });
      expect(screen.getByRole('heading', { name: 'Verifica tu cuenta bancaria' })).toBeInTheDocument();
      expect(screen.getByText('Debes ser el titular de la cuenta.')).toBeInTheDocument();
      expect(screen.getByText('La cuenta debe tener movimientos recientes.')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('La identidad no ha sido verificada');
      await act(async () => {
        jest.advanceTimersByTime(3_000);
      });
      expect(userCalls()).toBe(1);
      act(() => screen.getByRole('button', { name: 'Continuar' }).click());
      expect(navigate).toHaveBeenCalledWith('/application/bank-data');
    } finally {
      jest.useRealTimers();
    }
  });

  test("unnax (the user's bank_verification_adapter): its widget script draws the login inside the page, whose ending leads to /unnax-aggregation/success", async () => {
    sessionStore.set(accessTokenAtom, 'tok-1');
    sessionStore.set(
      userAtom,
      userWith(loan({ status: LoanStatus.AwaitingBankProcessData }), {
        bank_verification_adapter: 'unnax',
      }),
    );
    http.current.onGet('/aggregation/unnax/widget').reply(200, {
      provider: 'unnax',
      script_url: 'http://provider.test/sandbox/aggregation/unnax/widget.js',
      widget_session: 'ws-1',
    });
    const load = jest.spyOn(widgetScripts, 'load').mockResolvedValue();
    const mount = jest.fn((container: HTMLElement) => {
      container.append(Object.assign(document.createElement('p'), { textContent: 'Widget de Unnax' }));
    });
    window.UnnaxWidget = { mount };
    try {
      const { navigate } = showScreen(BankDataScreen);
      expect(screen.getByText(/en la ventana segura de Unnax/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Conectar con mi banco' }));
      const container = await screen.findByRole('region', { name: 'Conexión segura con tu banco' });
      await screen.findByText('Widget de Unnax');
      const call = http.current.history.get.find((r) => r.url === '/aggregation/unnax/widget');
      expect(call?.params).toEqual({ access_token: 'tok-1', origin: window.location.origin });
      expect(load).toHaveBeenCalledWith('http://provider.test/sandbox/aggregation/unnax/widget.js');
      expect(mount).toHaveBeenCalledWith(container, { widgetSession: 'ws-1' });
      const fields = { token1: 'ux1_a', token2: 'ux2_a', bank_name: 'BBVA', type: 'widget', injected: 7 };
      act(() => {
        container.dispatchEvent(new CustomEvent('unnax:result', { detail: { status: 'success', fields } }));
      });
      expect(navigate).toHaveBeenCalledWith(
        '/unnax-aggregation/success?token1=ux1_a&token2=ux2_a&bank_name=BBVA&type=widget',
        { replace: true },
      );
      act(() => {
        container.dispatchEvent(
          new CustomEvent('unnax:result', { detail: { status: 'error', code: 'identity_not_verified' } }),
        );
      });
      expect(navigate).toHaveBeenLastCalledWith('/unnax-aggregation/error?code=identity_not_verified', {
        replace: true,
      });
    } finally {
      load.mockRestore();
      delete window.UnnaxWidget;
    }
  });

  test('a widget script that does not load says so and offers the connection again', async () => {
    sessionStore.set(accessTokenAtom, 'tok-1');
    http.current.onGet('/aggregation/unnax/widget').reply(200, {
      provider: 'unnax',
      script_url: 'http://provider.test/widget.js',
      widget_session: 'ws-2',
    });
    const load = jest.spyOn(widgetScripts, 'load').mockRejectedValue(new Error('blocked'));
    try {
      showScreen(BankDataScreen);
      await userEvent.click(screen.getByRole('button', { name: 'Conectar con mi banco' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido abrir la conexión con tu banco');
      expect(screen.getByRole('button', { name: 'Conectar con mi banco' })).toBeEnabled();
    } finally {
      load.mockRestore();
    }
  });

  test("kontomatik: its page in an iframe; only a message from that frame and the provider's origin counts", async () => {
    sessionStore.set(accessTokenAtom, 'tok-1');
    sessionStore.set(
      userAtom,
      userWith(loan({ status: LoanStatus.AwaitingBankProcessData }), {
        bank_verification_adapter: 'kontomatik',
      }),
    );
    const frameUrl = 'http://provider.test/sandbox/aggregation/kontomatik?session=s&parent_origin=x';
    http.current.onGet('/aggregation/unnax/widget').reply(200, { provider: 'kontomatik', frame_url: frameUrl });
    const { navigate } = showScreen(BankDataScreen);
    expect(screen.getByText(/en la ventana segura de Kontomatik/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar con mi banco' }));
    const frame = (await screen.findByTitle('Conexión segura con tu banco (Kontomatik)')) as HTMLIFrameElement;
    expect(frame.src).toBe(frameUrl);
    const message = {
      type: 'kontomatik.result',
      status: 'success',
      fields: { sessionId: 'kt_1', sessionIdSignature: 'sig_1', bankId: 'bbva', bankName: 'BBVA' },
    };
    const post = (origin: string, source: Window | null, data: unknown = message) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      });
    post('http://evil.test', frame.contentWindow);
    post('http://provider.test', window);
    post('http://provider.test', frame.contentWindow, { ...message, type: 'other' });
    expect(navigate).not.toHaveBeenCalled();
    post('http://provider.test', frame.contentWindow);
    expect(navigate).toHaveBeenCalledWith(
      '/unnax-aggregation/success?sessionId=kt_1&sessionIdSignature=sig_1&bankId=bbva&bankName=BBVA',
      { replace: true },
    );
  });

  test('back with success: the ending is recorded, the bank session posted (either variant), the user refreshed', async () => {
    http.current.onPost('/v2/aggregation/unnax/widget/success').reply(200, { status: 'success', message: null });
    http.current.onPost('/v2/loan/bank_token').reply(200, {});
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.AwaitingBankDataImport })));
    showScreen(AggregationReturnScreen, {
      params: { status: 'success' },
      query: { sessionId: 'kt_1', sessionIdSignature: 'sig_1', bankId: 'bbva', bankName: 'BBVA' },
    });
    await waitFor(() => expect(sessionStore.get(loanAtom)?.status).toBe(LoanStatus.AwaitingBankDataImport));
    const [ending, token] = http.current.history.post;
    expect(ending?.url).toBe('/v2/aggregation/unnax/widget/success');
    expect(JSON.parse(token?.data)).toEqual({
      sessionId: 'kt_1',
      sessionIdSignature: 'sig_1',
      bankId: 'bbva',
      bankName: 'BBVA',
    });
  });

  test("back with the identity widget's error: recorded with its code, then the preview with its message", async () => {
    http.current
      .onPost('/v2/aggregation/unnax/widget/error')
      .reply(200, { status: 'error', message: 'La identidad no ha sido verificada' });
    const { navigate } = showScreen(AggregationReturnScreen, {
      params: { status: 'error' },
      query: { code: 'identity_not_verified' },
    });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/application/bank-data-preview', {
        replace: true,
        state: { aggregationError: 'La identidad no ha sido verificada' },
      }),
    );
    expect(JSON.parse(http.current.history.post[0]?.data)).toEqual({ code: 'identity_not_verified' });
    expect(http.current.history.post.some((r) => r.url === '/v2/loan/bank_token')).toBe(false);
  });
});

describe('the counter-offer (/application/approve-new-conditions)', () => {
  test('shows the requested and the offered amount; accepting sets the approve flag and refreshes', async () => {
    sessionStore.set(loanAtom, loan());
    http.current.onPost('/v2/loan/approve_new_conditions').reply(200, {});
    http.current.onGet('/v2/user').reply(200, userWith(loan({ new_conditions_approved: true })));
    showScreen(ApproveNewConditionsScreen);
    expect(screen.getByText('Importe solicitado').nextSibling).toHaveTextContent('500,00');
    expect(screen.getByText('Importe concedido').nextSibling).toHaveTextContent('300,00');
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar e ir a la firma' }));
    await waitFor(() => expect(sessionStore.get(loanAtom)?.new_conditions_approved).toBe(true));
    expect(http.current.history.post).toHaveLength(1);
  });
});

describe('signing (/application/application-sign)', () => {
  test('the SECCI and the terms come first; no code is sent before the customer says they read them', async () => {
    sessionStore.set(loanAtom, loan());
    showScreen(SignScreen);
    expect(screen.getByRole('button', { name: 'Información normalizada europea (SECCI)' })).toBeInTheDocument();
    expect(screen.getByText('Total a devolver').nextSibling).toHaveTextContent('390,00');
    await userEvent.click(screen.getByRole('button', { name: 'Firmar con código SMS' }));
    expect(await screen.findByText(messages.checkboxFieldRequired)).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(0);
  });

  test('the SECCI is the customer’s own: fetched with their session for the loan’s term and amount, kept as a file', async () => {
    sessionStore.set(accessTokenAtom, 'tok-1');
    sessionStore.set(loanAtom, loan());
    http.current
      .onGet('/v2/products/1/prices/30/30000/offer/pdf')
      .reply(200, new Blob(['%PDF'], { type: 'application/pdf' }));
    const names: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:test/1');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      showScreen(SignScreen);
      await userEvent.click(screen.getByRole('button', { name: 'Información normalizada europea (SECCI)' }));
      await waitFor(() => expect(names).toEqual(['informacion-normalizada-300-eur-30-dias.pdf']));
      const request = http.current.history.get.find((r) => r.url?.includes('/offer/pdf'));
      expect(request?.headers?.Authorization).toBe('Bearer tok-1');
    } finally {
      click.mockRestore();
    }
  });

  test('sign_send, then sign with the 4-digit code; a refusal is shown on the field', async () => {
    sessionStore.set(loanAtom, loan());
    http.current.onPost('/v2/loan/sign_send').reply(200, { resend_in: 90 }, { 'x-sms-code': '4321' });
    http.current
      .onPost('/v2/loan/sign')
      .replyOnce(422, { errors: [{ message: messages.codeIncorrect, property: 'code' }] })
      .onPost('/v2/loan/sign')
      .reply(200, loan({ status: LoanStatus.ContractSigned }));
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.ContractSigned })));
    showScreen(SignScreen);
    // The conditions as the calculator showed them: the TAE with one decimal, the due date dd/MM/yyyy.
    expect(screen.getByText('2270,6 %')).toBeInTheDocument();
    expect(screen.getByText('22/12/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Firmar con código SMS' }));
    expect(await screen.findByText('Modo de pruebas: tu código es 4321')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar otro código' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Código de firma'), '1111');
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByLabelText('Código de firma')).toHaveAccessibleDescription(messages.codeIncorrect);
    await userEvent.clear(screen.getByLabelText('Código de firma'));
    await userEvent.type(screen.getByLabelText('Código de firma'), '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(sessionStore.get(loanAtom)?.status).toBe(LoanStatus.ContractSigned));
    expect(JSON.parse(http.current.history.post[2]?.data)).toEqual({ code: '4321' });
  });

  test('a new code may be asked for after 90 s; the user is polled every 7 s', async () => {
    jest.useFakeTimers();
    try {
      sessionStore.set(loanAtom, loan());
      http.current.onPost('/v2/loan/sign_send').reply(200, { resend_in: 90 });
      http.current.onGet('/v2/user').reply(200, userWith(loan()));
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      showScreen(SignScreen);
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Firmar con código SMS' }));
      const resend = await screen.findByRole('button', { name: 'Enviar otro código' });
      expect(resend).toBeDisabled();
      await act(() => jest.advanceTimersByTimeAsync(89_000));
      expect(resend).toBeDisabled();
      await act(() => jest.advanceTimersByTimeAsync(2_000));
      expect(resend).toBeEnabled();
      expect(userCalls()).toBe(13);
      await user.click(resend);
      await waitFor(() => expect(http.current.history.post).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('auto-debit (/application/auto-debit-confirmation)', () => {
  const signed = loan({ status: LoanStatus.ContractSigned });

  test('skip completes the step with autodebit_enabled false and orders the payout', async () => {
    sessionStore.set(loanAtom, signed);
    sessionStore.set(userAtom, userWith(signed));
    http.current.onPost('/v2/loan/steps/autodebit/complete').reply(200, { ...signed, auto_debit_step_completed: true });
    http.current.onPost('/v2/loan/issuance').reply(201, { status: LoanStatus.Processing, reference: 'P1' });
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.Processing })));
    showScreen(AutoDebitScreen);
    await userEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(sessionStore.get(loanAtom)?.status).toBe(LoanStatus.Processing));
    const [step, payout] = http.current.history.post;
    expect(JSON.parse(step?.data)).toEqual({ autodebit_enabled: false });
    expect(payout?.url).toBe('/v2/loan/issuance');
  });

  test('skip is hidden when is_hide_skip_auto_debit_button; confirming needs the consent', async () => {
    sessionStore.set(loanAtom, signed);
    sessionStore.set(userAtom, userWith(signed, { is_hide_skip_auto_debit_button: true }));
    showScreen(AutoDebitScreen);
    expect(screen.queryByRole('button', { name: 'Ahora no' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Autorizo el cargo automático/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir tarjeta' }));
    expect(await screen.findByText(messages.checkboxFieldRequired)).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(0);
  });

  test('confirm with consent starts a card request returning here and sends the browser to the acquirer', async () => {
    sessionStore.set(loanAtom, signed);
    sessionStore.set(userAtom, userWith(signed));
    http.current
      .onPost('/v2/user/payment_card')
      .reply(201, { request_id: 'cr_1', status: 'New', url: '/sandbox/card?request_id=cr_1' });
    const assign = jest.spyOn(cardPageBrowser, 'assign').mockImplementation(() => true);
    showScreen(AutoDebitScreen);
    await userEvent.click(screen.getByRole('checkbox', { name: /Autorizo el cargo automático/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Añadir tarjeta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/sandbox/card?request_id=cr_1'));
    expect(JSON.parse(http.current.history.post[0]?.data)).toEqual({
      return_url: `${window.location.origin}${window.location.pathname}`,
    });
    // The card button stays disabled 8 s after a press.
    expect(screen.getByRole('button', { name: 'Añadir tarjeta' })).toBeDisabled();
    assign.mockRestore();
  });

  test('back with a completed card: the step completes with auto-debit on, the payout is ordered, success shown', async () => {
    sessionStore.set(loanAtom, signed);
    sessionStore.set(userAtom, userWith(signed, { payment_card_request_status: 'Completed' }));
    http.current.onPost('/v2/loan/steps/autodebit/complete').reply(200, { ...signed, auto_debit_step_completed: true });
    http.current.onPost('/v2/loan/issuance').reply(201, { status: LoanStatus.Processing, reference: 'P1' });
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.Processing })));
    const { navigate } = showScreen(AutoDebitScreen, { query: { card_request: 'cr_1', card_status: 'completed' } });
    expect(await screen.findByText(/el pago automático está activado/)).toBeInTheDocument();
    await waitFor(() => expect(http.current.history.post).toHaveLength(2));
    const [step, payout] = http.current.history.post;
    expect(JSON.parse(step?.data)).toEqual({ autodebit_enabled: true });
    expect(payout?.url).toBe('/v2/loan/issuance');
    // The customer reads it, then goes on to the account.
    await userEvent.click(screen.getByRole('button', { name: 'Ir a mi cuenta' }));
    expect(navigate).toHaveBeenCalledWith('/account');
  });

  test('back with a card still processing: a pending note, and the user is polled every 7 s', async () => {
    jest.useFakeTimers();
    try {
      sessionStore.set(loanAtom, signed);
      sessionStore.set(userAtom, userWith(signed, { payment_card_request_status: 'PendingConfirmation' }));
      http.current
        .onGet('/v2/user')
        .reply(200, userWith(signed, { payment_card_request_status: 'PendingConfirmation' }));
      showScreen(AutoDebitScreen, { query: { card_request: 'cr_1', card_status: 'processing' } });
      expect(screen.getByRole('heading', { name: 'Estamos comprobando tu tarjeta' })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(7_000);
      });
      expect(userCalls()).toBe(1);
      expect(http.current.history.post).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test('back with a refused card: the failure and the offer again; the API has the last word over the redirect', () => {
    sessionStore.set(loanAtom, signed);
    // The acquirer said completed, but our rules (valid more than 3 months, personal) refused the card.
    sessionStore.set(
      userAtom,
      userWith(signed, {
        payment_card_request_status: 'Error',
        payment_card_request_failure: messages.cardExpiresTooSoon,
      }),
    );
    showScreen(AutoDebitScreen, { query: { card_request: 'cr_1', card_status: 'completed' } });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.autoDebitFailed);
    // Why, in our rules' words.
    expect(screen.getByRole('alert')).toHaveTextContent(messages.cardExpiresTooSoon);
    expect(screen.getByRole('button', { name: 'Añadir tarjeta' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ahora no' })).toBeEnabled();
    expect(http.current.history.post).toHaveLength(0);
  });
});

describe('money on the way (account page)', () => {
  test('a signed loan past the auto-debit step orders its payout and says the money is on the way', async () => {
    const due = loan({ status: LoanStatus.ContractSigned, auto_debit_step_completed: true });
    sessionStore.set(loanAtom, due);
    http.current.onPost('/v2/loan/issuance').reply(200, { status: LoanStatus.Processing, reference: 'P1' });
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.Processing })));
    showScreen(LoanProgressScreen);
    expect(await screen.findByRole('heading', { name: '¡El dinero está en camino!' })).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(1);
  });

  test('a customer with a card on file (rule 13 skipped the auto-debit page) finishes the step with it, then the payout', async () => {
    const signed = loan({ status: LoanStatus.ContractSigned, auto_debit_step_completed: false });
    sessionStore.set(loanAtom, signed);
    sessionStore.set(
      userAtom,
      userWith(signed, { payment_cards: [{ id: '1', pan: '424242******4242', expiry_month: 12, expiry_year: 2099 }] }),
    );
    http.current.onPost('/v2/loan/steps/autodebit/complete').reply(200, { ...signed, auto_debit_step_completed: true });
    http.current.onPost('/v2/loan/issuance').reply(201, { status: LoanStatus.Processing, reference: 'P1' });
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.Processing })));
    showScreen(LoanProgressScreen);
    await waitFor(() => expect(http.current.history.post).toHaveLength(2));
    const [step, payout] = http.current.history.post;
    expect(JSON.parse(step?.data)).toEqual({ autodebit_enabled: true });
    expect(payout?.url).toBe('/v2/loan/issuance');
  });

  test('a bounced payout (ProcessingFail) says so and retries the transfer on request', async () => {
    sessionStore.set(
      loanAtom,
      loan({
        status: LoanStatus.ProcessingFail,
        status_type: 'error',
        status_text: 'No hemos podido enviar el dinero',
      }),
    );
    http.current.onPost('/v2/loan/issuance').reply(201, { status: LoanStatus.Processing, reference: 'P2' });
    http.current.onGet('/v2/user').reply(200, userWith(loan({ status: LoanStatus.Processing })));
    showScreen(LoanProgressScreen);
    expect(screen.getByRole('heading', { name: 'No hemos podido enviar el dinero' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No hemos podido enviar el dinero');
    expect(screen.getByText(/\+34 900 000 000/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(await screen.findByRole('heading', { name: '¡El dinero está en camino!' })).toBeInTheDocument();
    expect(http.current.history.post.map((r) => r.url)).toEqual(['/v2/loan/issuance']);
  });

  test('nothing is shown without a loan, for an application still being decided, or for a loan in service', () => {
    const { container } = showScreen(LoanProgressScreen);
    expect(container).toBeEmptyDOMElement();
    act(() => sessionStore.set(loanAtom, loan({ status: LoanStatus.Request })));
    expect(container).toBeEmptyDOMElement();
    // The account remote shows the loan in service (remotes/account).
    act(() => sessionStore.set(loanAtom, loan({ status: LoanStatus.Active })));
    expect(container).toBeEmptyDOMElement();
  });
});
