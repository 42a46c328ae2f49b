/** @jest-environment node */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { createConfig } from '../webpack.config';

describe('npm run dev: a development build of the shell', () => {
  const outputPath = mkdtempSync(path.join(tmpdir(), 'credimo-dev-'));
  afterAll(() => rmSync(outputPath, { recursive: true, force: true }));

  test("builds, and runs under the app's Content-Security-Policy (no eval of module code)", async () => {
    const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) => {
      const compiler = webpack(createConfig('shell', { mode: 'development', outputPath }));
      compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result))));
    });
    expect(stats?.toJson({ all: false, errors: true }).errors ?? []).toEqual([]);
    const scripts = readdirSync(outputPath).filter((file) => file.endsWith('.js'));
    expect(scripts).toContain('main.js');
    for (const file of scripts) expect(readFileSync(path.join(outputPath, file), 'utf8')).not.toMatch(/\beval\(/);
  }, 120_000);
});
