import { sessionStore, type UserResponse, userAtom } from '@credimo/shared';
import { documents as texts } from '@credimo/shared/i18n/screens/documents';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { CAMERA_CONSTRAINTS } from './Camera';
import { type DocumentsOverview, documentCalls } from './calls';
import { browser, overviewPollMs, PhotoVerificationScreen } from './PhotoVerificationScreen';

const http = mockApiPerTest();

const overview = (required: DocumentsOverview['required'], status: 'pending' | 'success' | 'failed' | null = null) => ({
  documents: [],
  required,
  liveness: { status, allowed: true },
});
const signedIn = (user: Partial<UserResponse>) =>
  sessionStore.set(userAtom, {
    employment: { employment_type_id: null },
    loan: null,
    liveness: { status: null, allowed: true },
    ...user,
  } as unknown as UserResponse);
const withEmployment = (employment_type_id: number | null) =>
  signedIn({ employment: { employment_type_id } } as Partial<UserResponse>);

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  http.current.onGet('/v2/user').reply(200, { loan: null, permissions: { authorization_status: 1 } });
});

describe('documents (/registration/photo-verification and the additional photos)', () => {
  test('onboarding comes first, skippable only while no employment type is set', async () => {
    http.current.onGet('/v2/user/documents').reply(200, overview(['id_card']));
    withEmployment(null);
    const first = showScreen(PhotoVerificationScreen, { screen: 'registrationPhotoVerification' });
    expect(await screen.findByRole('heading', { name: 'Verifica tu identidad' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saltar' })).toBeInTheDocument();
    first.unmount();
    withEmployment(2);
    showScreen(PhotoVerificationScreen, { screen: 'registrationPhotoVerification' });
    await screen.findByRole('heading', { name: 'Verifica tu identidad' });
    expect(screen.queryByRole('button', { name: 'Saltar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar' }));
    expect(screen.getByRole('heading', { name: 'Sube tus documentos' })).toBeInTheDocument();
  });

  test('each required document is asked once; a chosen photo is uploaded as multipart with its type', async () => {
    signedIn({});
    http.current
      .onGet('/v2/user/documents')
      .replyOnce(200, overview(['id_card', 'id_card_back']))
      .onGet('/v2/user/documents')
      .reply(200, overview(['id_card_back']));
    const upload = jest
      .spyOn(documentCalls, 'upload')
      .mockResolvedValue({ document: { type: 'id_card', uploaded_at: '' }, documents: [] });
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    expect(await screen.findByRole('heading', { name: 'Necesitamos más fotos' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'DNI o NIE: parte delantera',
      'DNI o NIE: parte trasera',
      'Verificación con selfie',
    ]);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Elegir foto: DNI o NIE: parte delantera'), photo);
    await waitFor(() => expect(screen.queryByText('DNI o NIE: parte delantera')).toBeNull());
    expect(upload).toHaveBeenCalledWith('id_card', photo);
  });

  test('the user is refreshed after a photo that leaves others to send, not after the last: the done message stays until Continuar', async () => {
    signedIn({});
    http.current
      .onGet('/v2/user/documents')
      .replyOnce(200, overview(['id_card', 'id_card_back']))
      .onGet('/v2/user/documents')
      .replyOnce(200, overview(['id_card_back']))
      .onGet('/v2/user/documents')
      .reply(200, overview([]));
    jest
      .spyOn(documentCalls, 'upload')
      .mockResolvedValue({ document: { type: 'id_card', uploaded_at: '' }, documents: [] });
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Elegir foto: DNI o NIE: parte delantera'), photo);
    await waitFor(() => expect(http.current.history.get.filter((r) => r.url === '/v2/user')).toHaveLength(1));
    await userEvent.upload(screen.getByLabelText('Elegir foto: DNI o NIE: parte trasera'), photo);
    expect(await screen.findByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' })).toBeInTheDocument();
    expect(http.current.history.get.filter((r) => r.url === '/v2/user')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(http.current.history.get.filter((r) => r.url === '/v2/user')).toHaveLength(2));
  });

  test('a refused photo shows the error view comparing it with the expected one', async () => {
    http.current.onGet('/v2/user/documents').reply(200, overview(['selfie_with_id_card']));
    jest.spyOn(documentCalls, 'upload').mockRejectedValue({
      response: { status: 422, data: { errors: [{ message: 'La foto es demasiado grande.', property: 'document' }] } },
    });
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    await userEvent.upload(
      await screen.findByLabelText(/Elegir foto/),
      new File(['x'], 'selfie.png', { type: 'image/png' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Su foto no ha sido verificada. Toma una foto de nuevo siguiendo los puntos descritos',
    );
    expect(alert).toHaveTextContent('La foto es demasiado grande.');
    expect(screen.getByRole('img', { name: 'Tu foto' })).toHaveAttribute('src', 'blob:photo');
    expect(screen.getByText('Cómo debe ser')).toBeInTheDocument();
    expect(screen.getByLabelText(/Hacer otra foto/)).toBeInTheDocument();
  });

  test('skipping a document sends PUT /v2/user/document/{type}', async () => {
    http.current.onGet('/v2/user/documents').reply(200, overview(['id_card_back']));
    http.current.onPut('/v2/user/document/id_card_back').reply(200, {});
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar más tarde' }));
    await waitFor(() => expect(http.current.history.put).toHaveLength(1));
  });

  test('with nothing left, the done message', async () => {
    http.current.onGet('/v2/user/documents').reply(200, overview([], 'success'));
    const { navigate } = showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    expect(await screen.findByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' })).toBeInTheDocument();
    expect(screen.getByText('Tu identidad está verificada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(navigate).toHaveBeenCalledWith('/account');
  });

  test('the camera asks for the rear one at 1920x1080; a refusal shows allowCameraAccessError', async () => {
    const getUserMedia = jest.fn().mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    http.current.onGet('/v2/user/documents').reply(200, overview(['id_card']));
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Usar la cámara' }));
    expect(await screen.findByText(/Permite el acceso a la cámara/)).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith(CAMERA_CONSTRAINTS);
    expect(CAMERA_CONSTRAINTS.video).toMatchObject({
      facingMode: 'environment',
      width: { ideal: 1920 },
      height: { ideal: 1080 },
    });
  });

  test('back from the liveness page the transaction is handed over and its status shown; polling 5 s while pending', async () => {
    http.current.onGet('/v2/user/documents').reply(200, overview(['id_card'], 'pending'));
    http.current.onPut('/v2/user/liveness').reply(200, {
      liveness: { status: 'pending', allowed: true },
      message: 'Estamos verificando tu foto. Te avisaremos en unos minutos.',
    });
    const { navigate } = showScreen(PhotoVerificationScreen, {
      screen: 'registrationPhotoVerification',
      query: { transaction_id: 'tx-12345678' },
    });
    expect(await screen.findByText('Estamos verificando tu foto. Te avisaremos en unos minutos.')).toBeInTheDocument();
    expect(JSON.parse(http.current.history.put[0]?.data)).toEqual({ transaction_id: 'tx-12345678' });
    expect(navigate).toHaveBeenCalled();
    expect(overviewPollMs(overview([], 'pending'))).toBe(5_000);
    expect(overviewPollMs(overview([], 'failed'))).toBe(30_000);
    await act(async () => {});
  });

  test('the liveness check opens the provider page with a way back here', async () => {
    signedIn({});
    http.current.onGet('/v2/user/documents').reply(200, overview([]));
    http.current.onGet('/v2/user/liveness/capture').reply(200, { url: '/sandbox/liveness?s=1', engines: [] });
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => true);
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Verificar con selfie' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/sandbox/liveness?s=1'));
    expect(http.current.history.get.find((r) => r.url === '/v2/user/liveness/capture')?.params).toEqual({
      return_url: window.location.href.split('?')[0],
    });
  });

  test('the liveness step is offered only when GET /v2/user allows liveness', async () => {
    signedIn({ liveness: { status: null, allowed: false } });
    http.current.onGet('/v2/user/documents').reply(200, overview(['id_card']));
    showScreen(PhotoVerificationScreen, { screen: 'applicationRequestAdditionalPhotos' });
    await screen.findByRole('heading', { name: 'Necesitamos más fotos' });
    expect(screen.queryByRole('heading', { name: texts.livenessTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verificar con selfie' })).toBeNull();
  });
});
