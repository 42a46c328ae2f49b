import { customerRights } from './customer-rights';

/**
 * The customer's rights as the API says them: the inbox notice, the email and SMS of a review's answer, and what
 * staff read in the console (reviews to answer, collection's calls and their rules).
 */
export const customerRightsStaff = {
  /** What the answer says, as the account's card says it. */
  outcome: { upheld: customerRights.decision.upheld, overturned: customerRights.decision.overturned },
  /** The settings' defaults until operators set their own: free, public debt-advice services in Spain. */
  defaults: {
    debtAdvice: [
      {
        name: 'Oficina Municipal de Información al Consumidor (OMIC)',
        description: 'Asesoramiento gratuito sobre deudas y consumo en tu ayuntamiento.',
        url: 'https://www.consumo.gob.es/es/consumo/omic',
        phone: null,
      },
      {
        name: 'Portal del Cliente Bancario del Banco de España',
        description: 'Información gratuita sobre préstamos, deudas y tus derechos como cliente.',
        url: 'https://clientebancario.bde.es',
        phone: '+34 900 545 454',
      },
    ],
    complaintsName: 'Servicio de Atención al Cliente de {lender}',
  },
  notice: {
    upheld: 'Hemos revisado tu solicitud rechazada: mantenemos la decisión. Tienes el motivo en tu cuenta.',
    overturned:
      'Hemos revisado tu solicitud rechazada: cambiamos la decisión. Puedes volver a solicitar tu préstamo; lo estudiará una persona.',
  },
  mail: {
    subject: 'Respuesta a tu petición de revisión',
    body: '{outcome}\n\nMotivo: {reason}',
    sms: 'Credimo: {outcome} Tienes el motivo en tu cuenta.',
  },
  console: {
    reviewsTitle: 'Revisiones pedidas de decisiones automáticas',
    reviewsEmpty: 'No hay peticiones de revisión pendientes.',
    requestedAt: 'Pedida el',
    dueOn: 'Responder antes del',
    overdue: 'Fuera de plazo',
    reasons: 'Motivos de la decisión',
    comment: 'Punto de vista del cliente',
    noComment: '(sin comentario)',
    uphold: 'Mantener la denegación',
    overturn: 'Cambiar la decisión',
    answerReason: 'Motivo (lo lee el cliente)',
    answered: 'Revisión de {loan} respondida ({outcome}); el cliente ha sido avisado.',
    reviewNotFound: 'Esa solicitud no tiene una petición de revisión.',
    reviewAnswered: 'Esa petición de revisión ya está respondida.',
    outcomeRequired: 'Elige mantener o cambiar la decisión.',
    reasonRequired: 'Escribe el motivo que leerá el cliente.',
    callsTitle: 'Llamadas de cobro',
    contactRules:
      'Horario de contacto: de {from} a {to}, {days}. Máximo {perDay} contacto(s) al día y {perWeek} a la semana.',
    weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
    contactsSoFar: 'Contactos en los últimos 7 días: {count}.',
    callNote: 'Resumen de la llamada',
    logCall: 'Registrar la llamada',
    callLogged: 'Llamada registrada para el cliente {user}.',
    callNoteRequired: 'Escribe un resumen de la llamada.',
    outside_hours: 'Fuera del horario de contacto: no se puede llamar ahora.',
    day_limit: 'El cliente ya ha recibido hoy el máximo de contactos.',
    week_limit: 'El cliente ya ha recibido esta semana el máximo de contactos.',
  },
};
