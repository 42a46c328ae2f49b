import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { endpoints } from '@credimo/shared/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

const run = promisify(execFile);
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const tsc = require.resolve('typescript/bin/tsc');

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, unknown>;
};
type Document = {
  servers?: Array<{ url: string; description?: string }>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

let api: TestApi;
let doc: Document;
let workDir: string;

const operations = () => Object.values(doc.paths).flatMap((item) => Object.values(item));
const byId = (id: string) => operations().find((o) => o.operationId === id);

before(async () => {
  api = await startTestApi();
  doc = (await api.request('GET', '/v2/openapi.json')).body as Document;
  workDir = mkdtempSync(join(tmpdir(), 'credimo-openapi-'));
  writeFileSync(join(workDir, 'openapi.json'), JSON.stringify(doc));
});
after(async () => {
  await api.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** The contract as a client's generator reads it. */
describe('the published OpenAPI', () => {
  test('passes Redocly’s recommended rules with no problem (api/redocly.yaml)', async () => {
    const result = await run(
      process.execPath,
      [redocly, 'lint', '--config', join(apiDir, 'redocly.yaml'), join(workDir, 'openapi.json')],
      { cwd: workDir },
    ).catch((failure: { stdout: string; stderr: string }) => failure);
    const output = `${result.stdout}\n${result.stderr}`;
    assert.match(output, /Your API description is valid/, output);
    assert.doesNotMatch(output, /You have \d+ warning/, output);
  });

  test('every contract endpoint is one operation whose id is its name in the contract', () => {
    const ids = operations().map((o) => o.operationId);
    for (const name of Object.keys(endpoints)) assert.ok(ids.includes(name), `${name} has no operation`);
    assert.equal(new Set(ids).size, ids.length, 'operation ids are unique');
  });

  test('the bearer token and the ApiKey header are the security schemes; public calls need none', () => {
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['ApiKey', 'bearerAuth']);
    assert.deepEqual(byId('user')?.security, [{ bearerAuth: [] }, { ApiKey: [] }]);
    assert.deepEqual(byId('products')?.security, []);
    // A token changes the prices (a first loan is free) but is not required.
    assert.deepEqual(byId('prices')?.security, [{}, { bearerAuth: [] }, { ApiKey: [] }]);
  });

  test('the error body is one component that every 4xx answer uses', () => {
    assert.ok(doc.components.schemas.ErrorBody);
    for (const operation of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        const schema = (answer as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.[
          'application/json'
        ]?.schema;
        assert.equal(schema?.$ref, '#/components/schemas/ErrorBody', `${operation.operationId} ${status}`);
      }
    }
  });

  test('the 4xx each route gives are listed: 401 with a session, 422 with input, 429 always, and what the handler throws', () => {
    const statuses = (id: string) => Object.keys(byId(id)?.responses ?? {}).filter((s) => s.startsWith('4'));
    assert.deepEqual(statuses('user'), ['401', '429']);
    assert.deepEqual(statuses('login'), ['400', '413', '415', '422', '429']);
    assert.deepEqual(statuses('createLoan'), ['400', '401', '403', '409', '413', '415', '422', '429']);
    assert.deepEqual(statuses('products'), ['429']);
    assert.deepEqual(statuses('agentCustomer'), ['410', '422', '429']);
    for (const operation of operations()) {
      const needsToken = operation.security?.length && !operation.security.some((s) => Object.keys(s).length === 0);
      if (needsToken) assert.ok(operation.responses['401'], `${operation.operationId} lists 401`);
      if (operation.requestBody || operation.parameters?.length)
        assert.ok(operation.responses['422'], `${operation.operationId} lists 422`);
    }
  });

  test('the server is named', () => {
    assert.deepEqual(doc.servers, [{ url: '/', description: 'Credimo API' }]);
  });

  test('types generated by openapi-typescript compile against real answers of the running API', async () => {
    writeFileSync(join(workDir, 'schema.d.ts'), astToString(await openapiTS(doc as never)));
    const userId = await confirmedUser(api.database.db, '612399001');
    const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
    const asCustomer = { authorization: `Bearer ${token}` };
    const user = await api.request('GET', '/v2/user', { headers: asCustomer });
    const products = await api.request('GET', '/v2/products');
    const refused = await api.request('GET', '/v2/loans');
    const invalid = await api.request('PUT', '/v2/user/personal_data', { headers: asCustomer, body: {} });
    assert.deepEqual([user.status, products.status, refused.status, invalid.status], [200, 200, 401, 422]);
    const literal = (value: unknown) => JSON.stringify(value, null, 2);
    // Each real answer is assigned to the generated type of its operation and status: tsc proves they agree.
    writeFileSync(
      join(workDir, 'calls.ts'),
      `import type { components, operations, paths } from './schema';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export const login: paths['/v2/user/login']['post']['requestBody'] extends infer R
  ? R extends { content: { 'application/json': infer B } } ? B : never
  : never = { mobile_phone: '612345678' };
export const user: Json<operations['user']['responses'][200]> = ${literal(user.body)};
export const products: Json<operations['products']['responses'][200]> = ${literal(products.body)};
export const refused: Json<operations['loans']['responses'][401]> = ${literal(refused.body)};
export const invalid: components['schemas']['ErrorBody'] = ${literal(invalid.body)};
export const header: operations['user']['parameters']['header'] = undefined;
`,
    );
    const compiled = await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        'calls.ts',
      ],
      { cwd: workDir },
    ).catch((failure: { stdout: string; stderr: string; code: number }) => failure);
    assert.equal('code' in compiled ? compiled.code : 0, 0, `${compiled.stdout}${compiled.stderr}`);
  });
});
