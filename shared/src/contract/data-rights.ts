import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The formats a data export is offered in: machine-readable (portability) and readable. */
export const DATA_EXPORT_FORMATS = ['json', 'pdf'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

/**
 * The customer's latest export of their data: `none` before any, `preparing` while the job builds it, `ready`
 * with its files until `expires_at`, then `expired` (a new one may be asked for).
 */
export const DataExportView = Type.Object({
  status: Type.Union([Type.Literal('none'), Type.Literal('preparing'), Type.Literal('ready'), Type.Literal('expired')]),
  requested_at: nullable(Type.String({ description: 'ISO 8601 instant' })),
  expires_at: nullable(Type.String({ description: 'ISO 8601 instant: the files are offered until then' })),
  files: Type.Array(
    Type.Object({
      format: Type.Union([Type.Literal('json'), Type.Literal('pdf')]),
      link: Type.String({ description: 'fetched with the session' }),
      name: Type.String(),
    }),
  ),
});
export type DataExportView = Static<typeof DataExportView>;

export const DataExportFileParams = Type.Object({
  format: Type.Union([Type.Literal('json'), Type.Literal('pdf')], { 'x-message': 'routeNotFound' }),
});

/** One consent as given or refused: what, when, which text version. */
export const ConsentEntry = Type.Object({
  kind: Type.String(),
  accepted: Type.Boolean(),
  text_version: Type.String(),
  at: Type.String({ description: 'ISO 8601 instant' }),
});
export type ConsentEntry = Static<typeof ConsentEntry>;

/** The consent history, newest first, and whether marketing is consented today. */
export const ConsentHistory = Type.Object({
  marketing: Type.Boolean(),
  history: Type.Array(ConsentEntry),
});
export type ConsentHistory = Static<typeof ConsentHistory>;

/** POST erasure: the customer confirms explicitly (the screen asks first). */
export const ErasureRequest = Type.Object(
  { confirm: Type.Literal(true, { 'x-message': 'checkboxFieldRequired' }) },
  strict,
);

export const ErasureDone = Type.Object({
  erased_at: Type.String({ description: 'ISO 8601 instant' }),
  retained_until: Type.String({ description: 'ISO 8601 instant: the legally kept records are erased then' }),
});
export type ErasureDone = Static<typeof ErasureDone>;
