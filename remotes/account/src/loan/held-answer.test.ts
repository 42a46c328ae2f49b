import { heldAnswer } from './held-answer';

/** Reads as React does: a thrown promise is waited for, then the read is tried again. */
async function readSettled<T>(answer: { read(key: string): T }, key: string): Promise<T> {
  for (;;) {
    try {
      return answer.read(key);
    } catch (pending) {
      await pending;
    }
  }
}

describe('an answer read while rendering (the account screen waits for it, then keeps it)', () => {
  test('the first read suspends until the answer is known; later reads of the same key ask nothing', async () => {
    const ask = jest.fn(async () => 'range');
    const answer = heldAnswer(ask, () => 'none');
    expect(() => answer.read('loan-1')).toThrow();
    expect(await readSettled(answer, 'loan-1')).toBe('range');
    expect(answer.read('loan-1')).toBe('range');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  test('a failed call is an answer too: the failure value, no endless waiting', async () => {
    const answer = heldAnswer(
      async () => {
        throw new Error('refused');
      },
      () => null,
    );
    expect(await readSettled(answer, 'loan-1')).toBeNull();
  });

  test('preload asks once: the read that follows waits for that same call', async () => {
    const ask = jest.fn(async () => 'terms');
    const answer = heldAnswer(ask, () => 'none');
    answer.preload('loan-1');
    answer.preload('loan-1');
    expect(await readSettled(answer, 'loan-1')).toBe('terms');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  test('refresh: nothing while the kept answer is fresh, a new call once it is not or the key changed', async () => {
    let n = 0;
    const answer = heldAnswer(
      async () => `answer ${++n}`,
      () => 'none',
      10_000,
    );
    await readSettled(answer, 'loan-1');
    expect(await answer.refresh('loan-1', Date.now() + 9_000)).toBeUndefined();
    expect(await answer.refresh('loan-1', Date.now() + 10_001)).toBe('answer 2');
    expect(await answer.refresh('loan-2')).toBe('answer 3');
    expect(answer.read('loan-2')).toBe('answer 3');
  });

  test('a refresh that fails leaves the shown answer in place', async () => {
    let fail = false;
    const answer = heldAnswer(
      async () => {
        if (fail) throw new Error('offline');
        return 'range';
      },
      () => 'none',
      10_000,
    );
    await readSettled(answer, 'loan-1');
    fail = true;
    expect(await answer.refresh('loan-1', Date.now() + 20_000)).toBeUndefined();
    expect(answer.read('loan-1')).toBe('range');
  });
});
