/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathOf } from '../shared/src/api/client';
import { endpoints } from '../shared/src/contract';
import { ROUTES } from '../shared/src/contract/routes';

const root = path.join(__dirname, '..');
const BROWSER_CODE = ['shell/src', ...readdirSync(path.join(root, 'remotes')).map((remote) => `remotes/${remote}/src`)];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-utils/.test(file) ? [file] : [];
  });
}

/** A string literal naming an API address, e.g. '/v2/loan' or `/v2/user/${id}`; comments may name them. */
const LITERAL_API_PATH = /['"`]\/v2\//;
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('the browser calls the API by the contract, never by a typed address', () => {
  test('no file of the app or a remote writes an API path of its own', () => {
    const offenders = BROWSER_CODE.flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => LITERAL_API_PATH.test(withoutComments(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  test("every call of the contract takes its method and path from the browser's route table", () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const route = ROUTES[name as keyof typeof ROUTES];
      expect({ name, method: endpoint.method, path: endpoint.path }).toEqual({ name, ...route });
    }
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
  });

  test("a call's path parameters are filled in and escaped", () => {
    expect(pathOf('validatePaymentCard', { id: 'a b/c' })).toBe('/v2/user/payment_card/a%20b%2Fc/validate');
    expect(pathOf('loans')).toBe('/v2/loans');
  });
});

describe('the app sends a customer on by the path table, never by a typed path', () => {
  test('every navigate of the app and the remotes names its path in PATHS', () => {
    const offenders = BROWSER_CODE.flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => /navigate\(\s*['"`]\//.test(withoutComments(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
