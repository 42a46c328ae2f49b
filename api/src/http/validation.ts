import type { ErrorEntry } from '@credimo/shared/contract';
import type { MessageKey } from '@credimo/shared/i18n';
import { messages } from '@credimo/shared/i18n';
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Contract schemas may name the catalogue message for a field with `x-message` (e.g. `incorrectPhone`),
 * so the API answers in the same Spanish as the forms.
 */
export const MESSAGE_KEYWORD = 'x-message';

const baseOptions: Options = {
  allErrors: true,
  verbose: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  keywords: [MESSAGE_KEYWORD],
};

// Bodies are taken as sent; query strings and path params arrive as text and are coerced.
const bodyAjv = addFormats.default(new Ajv({ ...baseOptions, coerceTypes: false }));
const textAjv = addFormats.default(new Ajv({ ...baseOptions, coerceTypes: 'array' }));

/** How a number is written in an address: decimal digits, a sign and a decimal point at most (no `0x10`, `1e2`). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

type PartSchema = { type?: unknown; anyOf?: PartSchema[]; properties?: Record<string, PartSchema> };

const isNumeric = (schema: PartSchema): boolean =>
  [schema.type].flat().some((type) => type === 'integer' || type === 'number') || (schema.anyOf ?? []).some(isNumeric);

/**
 * Ajv coerces text to a number by JavaScript's rules, which read `0x10` as 16 and `1e2` as 100: a query or path
 * number that is not plain decimal is made unreadable first, so it fails as any other bad number does.
 */
function decimalOnly(schema: PartSchema, validate: ReturnType<Ajv['compile']>) {
  const numeric = Object.entries(schema.properties ?? {})
    .filter(([, property]) => isNumeric(property))
    .map(([name]) => name);
  if (numeric.length === 0) return validate;
  const checked = (data: Record<string, unknown>) => {
    if (data && typeof data === 'object') {
      for (const name of numeric) {
        const value = data[name];
        if (typeof value === 'string' && !DECIMAL.test(value)) data[name] = 'not a decimal number';
      }
    }
    return validate(data);
  };
  return Object.defineProperty(checked, 'errors', { get: () => validate.errors });
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyAjv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
  return decimalOnly(schema as PartSchema, textAjv.compile(schema)) as ReturnType<FastifySchemaCompiler<object>>;
};

const KEYWORD_MESSAGES: Partial<Record<string, MessageKey>> = {
  required: 'fieldRequired',
  additionalProperties: 'unknownField',
  format: 'incorrectData',
  type: 'incorrectData',
  pattern: 'incorrectData',
  minLength: 'incorrectData',
  maxLength: 'incorrectData',
  enum: 'incorrectData',
  const: 'incorrectData',
};

function propertyOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  const path = error.instancePath.split('/').filter(Boolean);
  return path.join('.') || 'request';
}

function messageOf(error: ErrorObject): string {
  const custom = (error.parentSchema as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
  if (error.keyword !== 'required' && error.keyword !== 'additionalProperties' && typeof custom === 'string') {
    if (custom in messages) return messages[custom as MessageKey];
  }
  if (error.keyword === 'format' && error.params.format === 'email') return messages.incorrectEmail;
  return messages[KEYWORD_MESSAGES[error.keyword] ?? 'incorrectData'];
}

/** Ajv errors to the error body's entries (message and property): one per property, first error wins. */
export function toErrorEntries(errors: ErrorObject[]): ErrorEntry[] {
  const byProperty = new Map<string, ErrorEntry>();
  for (const error of errors) {
    const property = propertyOf(error);
    if (!byProperty.has(property)) byProperty.set(property, { message: messageOf(error), property });
  }
  return [...byProperty.values()];
}
