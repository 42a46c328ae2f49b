/**
 * The customer's rights in the account: a refusal's reasons and a person's review (CCD2 Art. 18(8)-(9), GDPR
 * Art. 22) and the record of collection's contacts. Debt advice is in debt-advice.ts (the help page reads it too);
 * what the inbox, the emails and the console say is in customer-rights-staff.ts (the API's only).
 */
export const customerRights = {
  decision: {
    title: 'Por qué hemos rechazado tu solicitud',
    automated:
      'Esta decisión la ha tomado un sistema automático de evaluación, sin intervención de una persona. Se basa principalmente en:',
    manual: 'Esta decisión la ha tomado una persona de nuestro equipo. Se basa principalmente en:',
    loading: 'Cargando los motivos de la decisión…',
    unavailable: 'No hemos podido cargar los motivos de la decisión. Vuelve a intentarlo más tarde.',
    decidedOn: 'Decisión del {date}.',
    reviewTitle: 'Pedir que una persona revise la decisión',
    reviewIntro:
      'Tienes derecho a que una persona de nuestro equipo revise esta decisión y a darnos tu punto de vista. Te responderemos en un plazo máximo de {days} días.',
    commentLabel: 'Tu punto de vista (opcional)',
    commentHint: 'Cuéntanos lo que quieras que tengamos en cuenta: por ejemplo, si algún dato ha cambiado.',
    commentTooLong: 'Escribe como máximo 2000 caracteres.',
    ask: 'Pedir la revisión por una persona',
    asking: 'Enviando…',
    requested:
      'Pediste la revisión el {date}. Una persona de nuestro equipo la estudiará y te responderemos como tarde el {due}.',
    answeredTitle: 'Respuesta a tu petición de revisión',
    upheld: 'Tras revisar tu solicitud, mantenemos la decisión.',
    overturned:
      'Tras revisar tu solicitud, cambiamos la decisión: puedes volver a solicitar tu préstamo y lo estudiará una persona.',
    answeredOn: 'Respuesta del {date}.',
    reason: 'Motivo',
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
};
