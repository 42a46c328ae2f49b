import MockAdapter from 'axios-mock-adapter';
import { api, calls, configureApi } from '../api/client';
import { FUNNEL_STEP_OF_ROUTE, FUNNEL_STEPS, funnelStepOfCall } from '../domain/funnel';
import { ROUTES } from '../paths';
import { emitFunnelStep, forgetEmittedSteps, startFunnel } from './funnel';

describe('a funnel event at each step', () => {
  configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://api.test' });
  startFunnel();
  let http: MockAdapter;
  const sentSteps = () =>
    http.history.post
      .filter((request) => request.url === '/v2/send-log-data')
      .map((request) => JSON.parse(String(request.data)) as { type: string; message: string });

  beforeEach(() => {
    http = new MockAdapter(api());
    forgetEmittedSteps();
  });
  afterEach(() => http.restore());

  test('every screen step names a known route and a known step', () => {
    for (const [route, step] of Object.entries(FUNNEL_STEP_OF_ROUTE)) {
      expect(ROUTES.map((r) => r.name)).toContain(route);
      expect(FUNNEL_STEPS).toContain(step);
    }
  });

  test('a screen’s step is sent once per page load, as a funnel log line', async () => {
    http.onPost('/v2/send-log-data').reply(200, { ok: true });
    await emitFunnelStep('documents', { route: 'registrationPhotoVerification' }, { once: true });
    await emitFunnelStep('documents', { route: 'registrationPhotoVerification' }, { once: true });
    expect(sentSteps()).toEqual([
      { type: 'funnel', message: 'documents', context: { route: 'registrationPhotoVerification' } },
    ]);
  });

  test('calls that are steps send theirs after success: SMS resend, promo success or failure, clicks', async () => {
    http.onPost('/v2/send-log-data').reply(200, { ok: true });
    http.onPost('/v2/user/resend_phone_confirmation_code').reply(200, { resend_in: 90 });
    http
      .onPost('/v2/check-promocode')
      .replyOnce(200, { valid: true })
      .onPost('/v2/check-promocode')
      .reply(200, { valid: false });
    await calls.resendCode({ channel: 'sms' });
    await calls.checkPromocode('CREDIMO10');
    await calls.checkPromocode('NOPE');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sentSteps().map((line) => line.message)).toEqual(['sms_resend', 'promo_success', 'promo_failure']);
    expect(
      funnelStepOfCall({
        method: 'POST',
        path: '/v2/loan/payment-request/generate',
        request: '{"payment_type":"prolongation"}',
      }),
    ).toBe('prolongation_click');
    expect(
      funnelStepOfCall({
        method: 'POST',
        path: '/v2/loan/payment-request/bizum/generate',
        request: { payment_type: 'payoff' },
      }),
    ).toBe('repayment_click');
    expect(funnelStepOfCall({ method: 'GET', path: '/v2/user' })).toBeNull();
  });

  test('an invalid or expired promo code, refused by the API, sends the failure event; a lost connection does not', async () => {
    http.onPost('/v2/send-log-data').reply(200, { ok: true });
    http
      .onPost('/v2/check-promocode')
      .replyOnce(422, { errors: [{ message: 'No se encontró el código promocional', property: 'promocode' }] })
      .onPost('/v2/check-promocode')
      .networkErrorOnce();
    await expect(calls.checkPromocode('NOPE')).rejects.toBeTruthy();
    await expect(calls.checkPromocode('NOPE')).rejects.toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sentSteps().map((line) => line.message)).toEqual(['promo_failure']);
    expect(funnelStepOfCall({ method: 'POST', path: '/v2/user/resend_phone_confirmation_code', refused: true })).toBe(
      null,
    );
  });

  test('the waiting page of a New application is the decision step, not the money on its way', () => {
    expect(FUNNEL_STEP_OF_ROUTE.applicationAwaitingNewLoan).toBe('decision');
    expect(FUNNEL_STEP_OF_ROUTE.applicationAwaitingRequestLoan).toBe('decision');
  });

  test('a sink that fails never fails the screen', async () => {
    http.onPost('/v2/send-log-data').networkError();
    await expect(emitFunnelStep('sms_resend')).resolves.toBeUndefined();
  });
});
