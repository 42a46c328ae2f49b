import { sessionStore } from '@credimo/shared';
import type { CustomerRightsResponse, DecisionResponse } from '@credimo/shared/contract';
import DebtAdvice from '@credimo/shared/ui/debt-advice';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { mockApiPerTest } from '../test-utils';
import Contacts from './Contacts';
import DecisionReview from './DecisionReview';

const http = mockApiPerTest();
const show = (element: ReactElement) => render(<Provider store={sessionStore}>{element}</Provider>);

const settings: CustomerRightsResponse = {
  review_answer_days: 10,
  debt_advice: [{ name: 'Asesoría Pública', description: 'Gratis', url: 'https://asesoria.es', phone: '900 000 111' }],
  complaints: { name: 'Atención al Cliente', email: 'reclamaciones@credimo.es', address: 'Calle 1, Madrid', url: null },
};

const refusal = (review: DecisionResponse['review'] = null): DecisionResponse => ({
  outcome: 'deny',
  automated: true,
  reasons: [{ code: 'income_too_low', text: 'Tus ingresos mensuales declarados son insuficientes.' }],
  decided_at: '2026-11-27T23:30:00Z',
  requested_amount: 30_000,
  offered_amount: null,
  review_requested_at: review?.requested_at ?? null,
  review,
});

beforeEach(() => {
  http.current.onGet('/v2/customer-rights').reply(200, settings);
});

describe('a refusal explained, and a person’s review asked for', () => {
  test('the decision’s own reasons, that it was automated (a Madrid date), and the configured answer days', async () => {
    http.current.onGet('/v2/loan/decision').reply(200, refusal());
    show(<DecisionReview />);
    const card = await screen.findByRole('region', { name: 'Por qué hemos rechazado tu solicitud' });
    expect(within(card).getByText('Tus ingresos mensuales declarados son insuficientes.')).toBeInTheDocument();
    expect(within(card).getByText(/sistema automático de evaluación/)).toBeInTheDocument();
    expect(within(card).getByText('Decisión del 28/11/2026.')).toBeInTheDocument();
    expect(within(card).getByText(/en un plazo máximo de 10 días/)).toBeInTheDocument();
  });

  test('the customer’s view is sent with the request; then the request and its due day are shown', async () => {
    let review: DecisionResponse['review'] = null;
    http.current.onGet('/v2/loan/decision').reply(() => [200, refusal(review)]);
    http.current.onPost('/v2/loan/decision/review').reply((config) => {
      expect(JSON.parse(config.data)).toEqual({ comment: 'Tengo nómina nueva' });
      review = {
        requested_at: '2026-11-28T10:00:00Z',
        due_on: '2026-12-08',
        answered_at: null,
        outcome: null,
        answer: null,
      };
      return [200, {}];
    });
    show(<DecisionReview />);
    await userEvent.type(await screen.findByLabelText('Tu punto de vista (opcional)'), '  Tengo nómina nueva ');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la revisión por una persona' }));
    expect(
      await screen.findByText(/Pediste la revisión el 28\/11\/2026\..*como tarde el 08\/12\/2026\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pedir la revisión por una persona' })).not.toBeInTheDocument();
  });

  test('a view too long is said on its field and not sent; the API’s refusal is said on the card', async () => {
    http.current.onGet('/v2/loan/decision').reply(200, refusal());
    http.current.onPost('/v2/loan/decision/review').reply(409, {
      errors: [{ message: 'Ya has pedido la revisión de esta decisión por una persona.', property: 'request' }],
    });
    show(<DecisionReview />);
    const field = await screen.findByLabelText('Tu punto de vista (opcional)');
    // Pasted rather than typed: 2001 characters.
    field.focus();
    await userEvent.paste('x'.repeat(2001));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Escribe como máximo 2000 caracteres.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir la revisión por una persona' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la revisión por una persona' }));
    expect(await screen.findByText('Ya has pedido la revisión de esta decisión por una persona.')).toBeInTheDocument();
    expect(http.current.history.post).toHaveLength(1);
  });

  test('an answered review shows the outcome and the staff member’s reason', async () => {
    http.current.onGet('/v2/loan/decision').reply(
      200,
      refusal({
        requested_at: '2026-11-28T10:00:00Z',
        due_on: '2026-12-08',
        answered_at: '2026-11-30T09:00:00Z',
        outcome: 'overturned',
        answer: 'Tu nueva nómina cumple los criterios.',
      }),
    );
    show(<DecisionReview />);
    expect(await screen.findByText(/cambiamos la decisión/)).toBeInTheDocument();
    expect(screen.getByText('Tu nueva nómina cumple los criterios.')).toBeInTheDocument();
    expect(screen.getByText('Respuesta del 30/11/2026.')).toBeInTheDocument();
  });

  test('a time-out has no decision to explain (404): nothing is shown', async () => {
    http.current.onGet('/v2/loan/decision').reply(404, { errors: [{ message: 'x', property: 'request' }] });
    const { container } = show(<DecisionReview />);
    await screen.findByText('Cargando los motivos de la decisión…');
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});

test('debt advice: the configured services with their links and phone, and the complaints service', async () => {
  show(<DebtAdvice />);
  expect(await screen.findByRole('link', { name: 'Asesoría Pública' })).toHaveAttribute('href', 'https://asesoria.es');
  expect(screen.getByRole('link', { name: 'Teléfono 900 000 111' })).toHaveAttribute('href', 'tel:900000111');
  expect(screen.getByText(/puedes reclamar a Atención al Cliente/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Correo: reclamaciones@credimo.es' })).toBeInTheDocument();
});

test('collection contacts: each with its Madrid date and time and its channel, newest first', async () => {
  http.current.onGet('/v2/loan/contacts').reply(200, [
    { at: '2026-11-27T23:30:00Z', channel: 'call' },
    { at: '2026-11-20T09:00:00Z', channel: 'sms' },
  ]);
  show(<Contacts />);
  const rows = await screen.findAllByRole('row');
  expect(rows.slice(1).map((row) => row.textContent)).toEqual(['28/11/2026 00:30Llamada', '20/11/2026 10:00SMS']);
});
