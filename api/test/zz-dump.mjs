import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const e = globalThis.__qs;
  if (!e) return;
  writeFileSync(`/tmp/qs-${process.pid}.json`, JSON.stringify([...e]));
});
