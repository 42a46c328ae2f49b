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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
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

/** Ajv errors to SPEC section 8 entries: one per property, first error wins. */
export function toErrorEntries(errors: ErrorObject[]): ErrorEntry[] {
  const byProperty = new Map<string, ErrorEntry>();
  for (const error of errors) {
    const property = propertyOf(error);
    if (!byProperty.has(property)) byProperty.set(property, { message: messageOf(error), property });
  }
  return [...byProperty.values()];
}
