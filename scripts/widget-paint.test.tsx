import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import RegistrationApp from '../remotes/registration/src/App';
import { WIDGET_PAINT_FILE, widgetPaint, widgetPaintJson } from './widget-paint';

/** The registration widget as the WordPress loader mounts it (createMount's screen props), signed out. */
const mountedRegistration = () => {
  const html = renderToStaticMarkup(
    <RegistrationApp screen="registrationWidget" params={{}} query={{}} navigate={() => {}} />,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.querySelector('[data-widget-step] > section') as HTMLElement;
};

const painted = (widget: string) => {
  const doc = new DOMParser().parseFromString(widgetPaint().widgets[widget] ?? '', 'text/html');
  return doc.body.firstElementChild as HTMLElement;
};

describe("the WordPress placeholders' first paint", () => {
  test("the plugin's committed paint is what the catalogue and the screen rules make today (npm run paint:widgets)", () => {
    expect(readFileSync(WIDGET_PAINT_FILE, 'utf8')).toBe(widgetPaintJson());
  });

  test("the registration widget's placeholder paints its sign-in's opening words, in the frame the widget draws them", () => {
    const widget = mountedRegistration();
    const paint = painted('registration');
    // CSS modules are their plain names in tests: the paint's classes are the screen frame's, renamed.
    expect(paint.className.replace(/credimo-paint-/g, '')).toBe(widget.className);
    const opening = [...widget.children].slice(0, paint.children.length);
    expect([...paint.children].map((el) => [el.tagName, el.textContent])).toEqual(
      opening.map((el) => [el.tagName, el.textContent]),
    );
    expect(paint.children).toHaveLength(2);
  });

  test("the painted rules are the screen frame's own, renamed for the page", () => {
    const { css } = widgetPaint();
    const source = readFileSync(`${__dirname}/../remotes/registration/src/screen.module.css`, 'utf8');
    expect(css).toContain('.credimo-paint-screen h1 {');
    expect(css.match(/\.credimo-paint-\w+/g)?.length).toBe(source.match(/^\.\w+/gm)?.length);
  });
});
