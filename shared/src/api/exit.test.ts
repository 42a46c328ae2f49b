import { exit } from './exit';

describe('the one way out of the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  test('goes nowhere for an address outside the allow-list', () => {
    expect(exit.to('https://evil.example/pay')).toBe(false);
    expect(exit.to('javascript:alert(1)')).toBe(false);
  });

  test("posts a provider's form only to an allow-listed action", () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    expect(exit.post('https://evil.example/bizum', { order: '1' })).toBe(false);
    expect(document.querySelector('form')).toBeNull();

    expect(exit.post(`${window.location.origin}/sandbox/bizum`, { order: '1', amount: '1500' })).toBe(true);
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form.action).toBe(`${window.location.origin}/sandbox/bizum`);
    const fields = [...form.querySelectorAll('input')].map((input) => [input.name, input.value]);
    expect(Object.fromEntries(fields)).toEqual({ order: '1', amount: '1500' });
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
