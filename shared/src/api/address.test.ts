import { accessTokenAtom, sessionStore, userAtom } from '../session/store';
import { offerUrl, onUnauthorized, readJson, setApiAddress } from './address';
import { normaliseApiError } from './errors';

/** No configureApi here: a WordPress page's first answer, before the API client has loaded. */
describe("a widget's public reads before the API client exists", () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeAll(() => {
    setApiAddress({ apiBaseUrl: 'http://api.test/', wpBaseUrl: 'http://wp.test' });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    fetchMock.mockReset();
    sessionStore.set(accessTokenAtom, null);
  });

  test('read with fetch at the address the page preloads: no header of ours when signed out', async () => {
    fetchMock.mockResolvedValue(new Response('{"terms":[5]}', { status: 200 }));
    await expect(readJson('/v2/products/1/prices')).resolves.toEqual({ terms: [5] });
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/v2/products/1/prices', { headers: {} });
    await readJson('/v2/products/1/prices', { discount: 'CREDIMO10' });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('http://api.test/v2/products/1/prices?discount=CREDIMO10');
  });

  test('a signed-in reader sends the token; a 401 logs out and tells the listeners', async () => {
    sessionStore.set(accessTokenAtom, 'old');
    sessionStore.set(userAtom, { id: '1' } as never);
    const heard = jest.fn();
    const stop = onUnauthorized(heard);
    const body = { errors: [{ message: 'Sesión caducada', property: 'request' }] };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 401 }));
    const failure = await readJson('/v2/products/1/prices').then(() => null, normaliseApiError);
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({ headers: { Authorization: 'Bearer old' } });
    expect(failure?.status).toBe(401);
    expect(failure?.message).toBe('Sesión caducada');
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  test('no connection reads as no connection (status 0), as from the client', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await readJson('/v2/products/1/prices').then(() => null, normaliseApiError);
    expect(failure?.status).toBe(0);
  });

  test('the SECCI address is built from the API address alone', () => {
    expect(offerUrl(1, 6, 9000)).toBe('http://api.test/v2/products/1/prices/6/9000/offer/html');
  });
});
