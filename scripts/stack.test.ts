/**
 * @jest-environment node
 */
import { createServer } from 'node:net';
import os from 'node:os';
import { startStaticServer } from '../shell/server/static-server';
import { listen, readPorts, StartError } from './stack';

describe('starting the stack', () => {
  test('a port already in use gives one clear message naming the setting to change', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(listen('APP_PORT', port, () => startStaticServer({ root: os.tmpdir(), port }))).rejects.toEqual(
        new StartError(`port ${port} (APP_PORT) is already in use; stop the other process or change APP_PORT`),
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('ports come from the environment; remotes take four in a row', () => {
    const ports = readPorts({ APP_PORT: '4000', API_PORT: '4100', REMOTES_PORT: '4001' });
    expect([ports.app, ports.api, ports.remote('calculator'), ports.remote('payments')]).toEqual([
      4000, 4100, 4001, 4004,
    ]);
    expect(() => readPorts({ APP_PORT: 'abc' })).toThrow('APP_PORT must be a port number');
  });
});
