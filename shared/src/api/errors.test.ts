import { messages } from '../i18n/messages';
import { normaliseApiError } from './errors';

describe('a failed call is normalised: no response, an errors list, a message with a label, or anything else', () => {
  test('a network failure without a response is error_not_found', () => {
    const error = normaliseApiError(new Error('Network Error'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.errorNotFound);
  });

  test('an errors list gives the status, the first message and the field errors', () => {
    const error = normaliseApiError({
      response: {
        status: 422,
        data: {
          errors: [
            { message: 'El teléfono no es válido', property: 'mobile_phone' },
            { message: 'Demasiados intentos', property: 'request' },
            { message: 'otro', property: 'mobile_phone' },
          ],
        },
      },
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('El teléfono no es válido');
    expect(error.fieldErrors).toEqual({ mobile_phone: 'El teléfono no es válido' });
    expect(error.requestErrors).toEqual(['Demasiados intentos']);
  });

  test('a body with message and label gives that message', () => {
    const error = normaliseApiError({ response: { status: 400, data: { message: 'Sin saldo', label: 'x' } } });
    expect(error.message).toBe('Sin saldo');
  });

  test('anything else is the generic message', () => {
    expect(normaliseApiError({ response: { status: 418, data: '<html>' } }).message).toBe(messages.genericError);
  });
});
