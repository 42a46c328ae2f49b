/** @jest-environment node */
import { devMenuEnabled } from '../webpack.config';

describe("the developer menu's build flag", () => {
  test('a production build has no menu unless CREDIMO_DEV_MENU=on asks for it', () => {
    expect(devMenuEnabled({ mode: 'production' }, {})).toBe(false);
    expect(devMenuEnabled({ mode: 'production' }, { CREDIMO_DEV_MENU: 'on' })).toBe(true);
    expect(devMenuEnabled({ mode: 'production' }, { CREDIMO_DEV_MENU: 'off' })).toBe(false);
    expect(devMenuEnabled({ mode: 'production' }, { CREDIMO_DEV_MENU: 'yes' })).toBe(false);
  });

  test('a development build has it unless CREDIMO_DEV_MENU=off', () => {
    expect(devMenuEnabled({ mode: 'development' }, {})).toBe(true);
    expect(devMenuEnabled({ mode: 'development' }, { CREDIMO_DEV_MENU: 'off' })).toBe(false);
  });

  test('a build that names its choice is not swayed by the environment', () => {
    expect(devMenuEnabled({ mode: 'production', devMenu: true }, {})).toBe(true);
    expect(devMenuEnabled({ mode: 'development', devMenu: false }, { CREDIMO_DEV_MENU: 'on' })).toBe(false);
  });
});
