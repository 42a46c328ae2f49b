import { funnelStepOfCall, isFunnelStep } from './funnel';

const post = (path: string, extra: { request?: unknown; response?: unknown; refused?: boolean } = {}) =>
  funnelStepOfCall({ method: 'POST', path, ...extra });

describe('the funnel events that follow a call', () => {
  test('only the names of FUNNEL_STEPS are funnel steps, as written', () => {
    expect(isFunnelStep('documents')).toBe(true);
    expect(isFunnelStep('money_on_the_way')).toBe(true);
    expect(isFunnelStep('Documents')).toBe(false);
    expect(isFunnelStep('page_view')).toBe(false);
  });

  test('confirming the phone is the phone_confirmed step; resending the SMS code is sms_resend', () => {
    expect(post('/v2/user/login_confirm')).toBe('phone_confirmed');
    expect(post('/v2/user/resend_phone_confirmation_code')).toBe('sms_resend');
  });

  test('a promo code the API accepts is promo_success; one it answers as not valid, or refuses, is promo_failure', () => {
    expect(post('/v2/check-promocode', { response: { valid: true } })).toBe('promo_success');
    expect(post('/v2/check-promocode', { response: { valid: false } })).toBe('promo_failure');
    expect(post('/v2/check-promocode', { response: { valid: 'true' } })).toBe('promo_failure');
    expect(post('/v2/check-promocode', { response: {} })).toBe('promo_failure');
    expect(post('/v2/check-promocode', { refused: true })).toBe('promo_failure');
  });

  test('an answer that arrives as JSON text is read as its object', () => {
    expect(post('/v2/check-promocode', { response: '{"valid":true}' })).toBe('promo_success');
    expect(post('/v2/check-promocode', { response: 'not json' })).toBe('promo_failure');
  });

  test('asking for an extension is a prolongation click, and so is a payment request for a prolongation', () => {
    expect(post('/v2/loan/activate_extension')).toBe('prolongation_click');
    expect(post('/v2/loan/payment-request/generate', { request: { payment_type: 'prolongation' } })).toBe(
      'prolongation_click',
    );
    expect(post('/v2/loan/payment-request/bizum/generate', { request: '{"payment_type":"prolongation"}' })).toBe(
      'prolongation_click',
    );
  });

  test('any other payment request, by card or Bizum, is a repayment click', () => {
    expect(post('/v2/loan/payment-request/generate', { request: { payment_type: 'payoff' } })).toBe('repayment_click');
    expect(post('/v2/loan/payment-request/bizum/generate', { request: '{"payment_type":"payoff"}' })).toBe(
      'repayment_click',
    );
    expect(post('/v2/loan/payment-request/generate', { request: 'not json' })).toBe('repayment_click');
    expect(post('/v2/loan/payment-request/generate', { request: null })).toBe('repayment_click');
    expect(post('/v2/loan/payment-request/generate', { request: 42 })).toBe('repayment_click');
    expect(post('/v2/loan/payment-request/generate', { request: '"prolongation"' })).toBe('repayment_click');
  });

  test('a refused call is an event only for a promo code: a refused SMS resend or click is none', () => {
    expect(post('/v2/user/resend_phone_confirmation_code', { refused: true })).toBeNull();
    expect(post('/v2/loan/activate_extension', { refused: true })).toBeNull();
    expect(post('/v2/user/login_confirm', { refused: false })).toBe('phone_confirmed');
  });

  test('the method counts, in any case: reading a path is no step', () => {
    expect(funnelStepOfCall({ method: 'post', path: '/v2/user/login_confirm' })).toBe('phone_confirmed');
    expect(funnelStepOfCall({ method: 'GET', path: '/v2/user/login_confirm' })).toBeNull();
    expect(funnelStepOfCall({ method: 'GET', path: '/v2/check-promocode', response: { valid: true } })).toBeNull();
  });

  test('the whole path counts: a longer or other path is no step', () => {
    for (const path of [
      '/v2/user/login_confirm',
      '/v2/user/resend_phone_confirmation_code',
      '/v2/check-promocode',
      '/v2/loan/activate_extension',
      '/v2/loan/payment-request/generate',
      '/v2/loan/payment-request/bizum/generate',
    ]) {
      expect(post(path)).not.toBeNull();
      expect(post(`${path}/x`)).toBeNull();
      expect(post(`/x${path}`)).toBeNull();
    }
    expect(post('/v2/loan/payment-request/card/generate')).toBeNull();
    expect(post('/v2/loan/payment-request/bizumgenerate')).toBeNull();
  });
});
