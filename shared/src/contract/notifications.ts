import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

/** A notification: id, message, severity (default info), duplicateIds. */
export const InboxNotification = Type.Object({
  id: Type.String(),
  message: Type.String(),
  severity: Type.Union([Type.Literal('warning'), Type.Literal('error'), Type.Literal('success'), Type.Literal('info')]),
  duplicateIds: Type.Array(Type.String(), { description: 'unread notifications with the same message and severity' }),
  created_at: Type.String({ description: 'ISO 8601 instant' }),
});
export type InboxNotification = Static<typeof InboxNotification>;

export const InboxResponse = Type.Array(InboxNotification);

/** POST read: the ids the customer dismissed (each one's duplicates included by the client). */
export const MarkReadRequest = Type.Object(
  {
    ids: Type.Array(Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18, 'x-message': 'incorrectData' }), {
      minItems: 1,
      maxItems: 100,
      'x-message': 'incorrectData',
    }),
  },
  strict,
);

export const MarkReadResponse = Type.Object({
  read: Type.Integer({ description: 'how many were unread and now are read' }),
});
