import { DEV_FLAGS_KEY, NO_DEV_FLAGS, readDevFlags } from './dev-flags';

describe("the developer menu's stored flags", () => {
  test('are read from storage; anything unknown is off', () => {
    const storage = { getItem: (key: string) => (key === DEV_FLAGS_KEY ? '{"stepperDisabled":true,"x":true}' : null) };
    expect(readDevFlags(storage)).toEqual({ ...NO_DEV_FLAGS, stepperDisabled: true });
  });

  test('a page whose storage is refused (a frame on another site) has none, and loads', () => {
    const refused = jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    });
    try {
      expect(readDevFlags()).toEqual(NO_DEV_FLAGS);
    } finally {
      refused.mockRestore();
    }
  });
});
