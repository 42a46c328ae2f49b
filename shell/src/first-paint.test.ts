import { revealApp } from './first-paint';

describe("the app replaces the server's first paint", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  test('revealing removes the frame and shows the root in its place', () => {
    document.body.innerHTML = '<div id="first-paint"><h1>Accede</h1></div><div id="root" hidden><p>app</p></div>';
    revealApp();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  test('a page without a first paint is left alone', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    revealApp();
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
