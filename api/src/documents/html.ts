import type { DocumentLayout } from './layout';

/** Text made safe inside HTML, in an element or a quoted attribute: the one escaper of every page the API draws. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;color:#1b1f23;max-width:800px;margin:24px auto;padding:0 16px}' +
  'table{border-collapse:collapse;width:100%}th,td{border:1px solid #c5ccd3;padding:8px;text-align:left;vertical-align:top}' +
  'th{width:38%;background:#f5f7f8}';

/** A laid-out document as a standalone, escaped HTML page in Spanish. */
export function documentHtml(layout: DocumentLayout): string {
  const sections = layout.sections
    .map((s) => {
      const rows = s.rows?.length
        ? `<table>${s.rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
        : '';
      const paragraphs = (s.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('');
      return `<section><h2>${escapeHtml(s.title)}</h2>${rows}${paragraphs}</section>`;
    })
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(layout.title)}</title>
<style>${STYLE}</style></head>
<body><h1>${escapeHtml(layout.title)}</h1>${sections}</body></html>`;
}
