import Type from 'typebox';

/** GET /s/{hash}: a short link's hash (random, URL-safe). */
export const ShortLinkParams = Type.Object({
  hash: Type.String({ minLength: 4, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', 'x-message': 'routeNotFound' }),
});
/** What a short link answers: a redirect (302) to its allow-listed target, documented by its Location. */
export const ShortLinkRedirect = Type.Object({ location: Type.String() });
