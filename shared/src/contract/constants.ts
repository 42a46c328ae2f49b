/** Property name SPEC uses for errors that concern the request as a whole rather than a field. */
export const REQUEST_PROPERTY = 'request';
