import { accessTokenAtom } from '@credimo/shared';
import { act, render, screen } from '@testing-library/react';
import { atom, createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { ANSWER_FRESH_MS, cardAnswer, useAnswer } from './answer';

/** A call the test answers: each ask waits until `answer` or `fail` settles it. */
function heldCalls() {
  const waiting: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  const ask = jest.fn(() => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject })));
  const settle = async (how: (call: (typeof waiting)[number]) => void) => {
    const call = waiting.shift();
    if (!call) throw new Error('nothing was asked');
    await act(async () => how(call));
  };
  return {
    ask,
    answer: (value: string) => settle((call) => call.resolve(value)),
    fail: () => settle((call) => call.reject(new Error('offline'))),
  };
}

/** A card drawn from the answer, in a screen that shows "waiting" while it suspends. */
function setUp() {
  const store = createStore();
  store.set(accessTokenAtom, 'customer-token');
  const key = atom<string | null>('loan-1');
  const calls = heldCalls();
  const offer = cardAnswer(key, calls.ask, 'no offer');
  const Card = () => <p>{useAnswer(offer)}</p>;
  const show = () =>
    render(
      <Provider store={store}>
        <Suspense fallback={<p>waiting</p>}>
          <Card />
        </Suspense>
      </Provider>,
    );
  return { store, key, offer, show, ...calls };
}

let now = Date.parse('2026-11-20T10:00:00Z');
beforeEach(() => {
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('an answer an account card is drawn from (the screen waits for it, then keeps it)', () => {
  test('the screen waits until the answer is known; another card of the same key asks nothing', async () => {
    const { show, answer, ask } = setUp();
    show();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await answer('range');
    expect(screen.getByText('range')).toBeInTheDocument();
    show();
    expect(screen.getAllByText('range')).toHaveLength(2);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  test('a failed first call is an answer too: no offer, no endless waiting', async () => {
    const { show, fail } = setUp();
    show();
    await fail();
    expect(screen.getByText('no offer')).toBeInTheDocument();
  });

  test('a preload asks once, and the card that follows waits for that same call', async () => {
    const { store, offer, show, answer, ask } = setUp();
    store.get(offer.answer);
    store.get(offer.answer);
    show();
    await answer('terms');
    expect(screen.getByText('terms')).toBeInTheDocument();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  test('a new key asks again; the shown answer stays, without waiting, until the new one is known', async () => {
    const { store, key, show, answer, ask } = setUp();
    show();
    await answer('range for 360 €');
    act(() => store.set(key, 'loan-1 at 120 €'));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('range for 360 €')).toBeInTheDocument();
    await answer('range for 120 €');
    expect(screen.getByText('range for 120 €')).toBeInTheDocument();
  });

  test(`a card that shows an answer older than ${ANSWER_FRESH_MS / 1000} s asks again, without waiting; a fresher one asks nothing`, async () => {
    const { show, answer, ask } = setUp();
    show().unmount();
    await answer('range');
    now += ANSWER_FRESH_MS - 1;
    show().unmount();
    expect(ask).toHaveBeenCalledTimes(1);
    now += 1;
    show();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('range')).toBeInTheDocument();
    await answer('new range');
    expect(screen.getByText('new range')).toBeInTheDocument();
  });

  test('a call asked again that fails leaves the shown answer in place', async () => {
    const { store, key, show, answer, fail } = setUp();
    show();
    await answer('range');
    act(() => store.set(key, 'loan-1 at 120 €'));
    await fail();
    expect(screen.getByText('range')).toBeInTheDocument();
  });

  test('a new session asks again, and its failure is no offer, never the last session’s answer', async () => {
    const { store, show, answer, fail, ask } = setUp();
    show().unmount();
    await answer('the last customer’s range');
    store.set(accessTokenAtom, null);
    store.set(accessTokenAtom, 'next-customer-token');
    show();
    expect(ask).toHaveBeenCalledTimes(2);
    await fail();
    expect(screen.getByText('no offer')).toBeInTheDocument();
  });

  test('without a session or a key nothing is asked', async () => {
    const { store, key, offer, ask } = setUp();
    store.set(key, null);
    expect((await store.get(offer.answer)).value).toBe('no offer');
    store.set(key, 'loan-1');
    store.set(accessTokenAtom, null);
    expect((await store.get(offer.answer)).value).toBe('no offer');
    expect(ask).not.toHaveBeenCalled();
  });
});
