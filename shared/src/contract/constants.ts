/** Property name of the errors that concern the request as a whole rather than a field. */
export const REQUEST_PROPERTY = 'request';

/** The support line customers are told to call when something fails (also shown in the footer's defaults). */
export const SUPPORT_PHONE = '+34 900 000 000';
