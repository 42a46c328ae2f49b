/**
 * The one message the federation runtime shows itself. Kept apart from the catalogue (which re-exports it)
 * so that every remote's container does not carry all of Credimo's Spanish texts.
 */
export const remoteUnavailable = 'Este contenido no está disponible ahora mismo. Inténtalo de nuevo más tarde.';
