/**
 * A node:test reporter that writes, per test file, the time its top-level tests took (one JSON line each), for
 * `npm run bench:tests`. Plain JavaScript: node loads reporters before any loader.
 */
export default async function* durations(source) {
  const perFile = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      perFile.set(event.data.file, (perFile.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  for (const [file, ms] of perFile) yield `${JSON.stringify({ file, ms: Math.round(ms) })}\n`;
}
