/**
 * `npm start`: builds what is missing and starts the API, the four remotes and the shell.
 * `npm run dev`: the same with webpack in watch mode (development builds).
 */
import webpack from 'webpack';
import { APPS, createConfig } from '../webpack.config';
import { StartError, startStack } from './stack';

async function watchAll(): Promise<void> {
  const compiler = webpack(APPS.map((app) => createConfig(app, { mode: 'development' })));
  await new Promise<void>((resolve) => {
    let first = true;
    compiler.watch({}, (error, stats) => {
      if (error) console.error(error.message);
      else if (stats?.hasErrors()) console.error(stats.toString({ all: false, errors: true }));
      else console.log('rebuilt');
      if (first) {
        first = false;
        resolve();
      }
    });
  });
}

async function main() {
  if (process.argv.includes('--dev')) await watchAll();
  const stack = await startStack();
  console.log(`
Credimo is running:
  customer app         ${stack.urls.app}
  API                  ${stack.urls.api}  (OpenAPI: ${stack.urls.api}/v2/openapi.json)
${Object.entries(stack.urls.remotes)
  .map(([name, url]) => `  ${`remote ${name}`.padEnd(20)} ${url}`)
  .join('\n')}
Press Ctrl+C to stop.`);
  const shutdown = () => {
    stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof StartError ? `credimo: ${error.message}` : error);
  process.exit(1);
});
