/**
 * What customers read in the emails (and reminder texts) the product sends them. Amounts arrive already written
 * in euros (formatMoney) and dates as shown (dd/MM/yyyy).
 */
export const mail = {
  greeting: 'Hola, {name}:',
  greetingNoName: 'Hola:',
  signature: 'Un saludo,\nEl equipo de Credimo',
  receipt: {
    subject: 'Recibo de tu pago del préstamo {loan}',
    what: {
      payoff: 'devolución total',
      partial_repay: 'devolución parcial',
      prolongation: 'prórroga',
    } as Record<string, string>,
    body: 'Hemos recibido tu pago de {amount} ({what}) para el préstamo {loan} el {date}.\nImporte pendiente tras este pago: {left}.',
    extended: 'Tu préstamo queda prorrogado: la nueva fecha de pago es el {date}.',
    paidOff: 'Tu préstamo está totalmente devuelto. ¡Gracias por confiar en nosotros!',
  },
  agreement: {
    subject: 'Tu contrato de préstamo {loan} firmado',
    body: 'Has firmado el contrato del préstamo {loan} por {amount}. Te lo adjuntamos en PDF para que lo guardes.',
  },
  withdrawal: {
    subject: 'Desistimiento del préstamo {loan}',
  },
  reminder: {
    subject: {
      before: 'Tu préstamo {loan} vence el {date}',
      due: 'Hoy vence tu préstamo {loan}',
      after: 'Tu préstamo {loan} venció ayer',
    },
    body: {
      before: 'Te recordamos que el {date} vence tu préstamo {loan}. Importe a pagar: {amount}.',
      due: 'Hoy, {date}, vence tu préstamo {loan}. Importe a pagar: {amount}.',
      after:
        'Tu préstamo {loan} venció el {date} y aún no hemos recibido el pago. Importe pendiente: {amount}. Cada día de retraso suma intereses de demora: págalo cuanto antes o solicita una prórroga.',
    },
    howToPay: 'Puedes pagar o prorrogar desde tu área de cliente en credimo.es.',
    sms: {
      before: 'Credimo: tu préstamo {loan} vence el {date}. Importe: {amount}.',
      due: 'Credimo: hoy vence tu préstamo {loan}. Importe: {amount}.',
      after: 'Credimo: tu préstamo {loan} venció el {date}. Importe pendiente: {amount}. Págalo cuanto antes.',
    },
  },
} as const;
