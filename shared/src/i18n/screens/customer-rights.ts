/**
 * The customer's rights around a refusal and a debt: the refusal's reasons and a person's review (CCD2 Art.
 * 18(8)-(9), GDPR Art. 22), debt advice and complaints (CCD2 Art. 36), and the record of collection's contacts.
 * What customers read in the account and the help page, in their inbox, email and SMS, and what staff read in the
 * console.
 */
export const customerRights = {
  decision: {
    title: 'Por qué hemos rechazado tu solicitud',
    automated:
      'Esta decisión la ha tomado un sistema automático de evaluación, sin intervención de una persona. Se basa principalmente en:',
    manual: 'Esta decisión la ha tomado una persona de nuestro equipo. Se basa principalmente en:',
    loading: 'Cargando los motivos de la decisión…',
    unavailable: 'No hemos podido cargar los motivos de la decisión. Vuelve a intentarlo más tarde.',
    decidedOn: (date: string) => `Decisión del ${date}.`,
    reviewTitle: 'Pedir que una persona revise la decisión',
    reviewIntro: (days: number) =>
      `Tienes derecho a que una persona de nuestro equipo revise esta decisión y a darnos tu punto de vista. Te responderemos en un plazo máximo de ${days} días.`,
    commentLabel: 'Tu punto de vista (opcional)',
    commentHint: 'Cuéntanos lo que quieras que tengamos en cuenta: por ejemplo, si algún dato ha cambiado.',
    commentTooLong: 'Escribe como máximo 2000 caracteres.',
    ask: 'Pedir la revisión por una persona',
    asking: 'Enviando…',
    requested: (date: string, due: string) =>
      `Pediste la revisión el ${date}. Una persona de nuestro equipo la estudiará y te responderemos como tarde el ${due}.`,
    answeredTitle: 'Respuesta a tu petición de revisión',
    upheld: 'Tras revisar tu solicitud, mantenemos la decisión.',
    overturned:
      'Tras revisar tu solicitud, cambiamos la decisión: puedes volver a solicitar tu préstamo y lo estudiará una persona.',
    answeredOn: (date: string) => `Respuesta del ${date}.`,
    reason: 'Motivo',
  },
  debtAdvice: {
    title: 'Ayuda gratuita con tus deudas',
    body: 'Si te cuesta pagar, estos servicios públicos te asesoran gratis y sin compromiso:',
    phone: (phone: string) => `Teléfono ${phone}`,
    complaintsTitle: 'Reclamaciones',
    complaints: (name: string) =>
      `Si no estás de acuerdo con cómo te tratamos, puedes reclamar a ${name}. Si no te responde en un mes o no estás de acuerdo con la respuesta, puedes acudir al Banco de España.`,
    email: (email: string) => `Correo: ${email}`,
    address: (address: string) => `Dirección: ${address}`,
    web: 'Página web',
  },
  contacts: {
    title: 'Tus contactos de cobro',
    body: 'Todas las veces que te hemos contactado por tu préstamo: por SMS, correo electrónico o llamada.',
    empty: 'No te hemos contactado por ningún pago.',
    date: 'Fecha',
    channel: 'Canal',
    channels: { sms: 'SMS', email: 'Correo electrónico', call: 'Llamada' } as Record<string, string>,
    loading: 'Cargando tus contactos…',
  },
  notice: {
    upheld: 'Hemos revisado tu solicitud rechazada: mantenemos la decisión. Tienes el motivo en tu cuenta.',
    overturned:
      'Hemos revisado tu solicitud rechazada: cambiamos la decisión. Puedes volver a solicitar tu préstamo; lo estudiará una persona.',
  },
  mail: {
    subject: 'Respuesta a tu petición de revisión',
    body: (p: { outcome: string; reason: string }) => `${p.outcome}\n\nMotivo: ${p.reason}`,
    sms: (p: { outcome: string }) => `Credimo: ${p.outcome} Tienes el motivo en tu cuenta.`,
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
