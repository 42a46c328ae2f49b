/**
 * What customers read in the emails (and reminder texts) the product sends them. Amounts arrive already written
 * in euros (formatMoney) and dates as shown (dd/MM/yyyy).
 */
export const mail = {
  greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
  signature: 'Un saludo,\nEl equipo de Credimo',
  receipt: {
    subject: (loan: string) => `Recibo de tu pago del préstamo ${loan}`,
    what: {
      payoff: 'devolución total',
      partial_repay: 'devolución parcial',
      prolongation: 'prórroga',
    } as Record<string, string>,
    body: (p: { amount: string; loan: string; date: string; what: string; left: string }) =>
      `Hemos recibido tu pago de ${p.amount} (${p.what}) para el préstamo ${p.loan} el ${p.date}.\n` +
      `Importe pendiente tras este pago: ${p.left}.`,
    extended: (date: string) => `Tu préstamo queda prorrogado: la nueva fecha de pago es el ${date}.`,
    paidOff: 'Tu préstamo está totalmente devuelto. ¡Gracias por confiar en nosotros!',
  },
  agreement: {
    subject: (loan: string) => `Tu contrato de préstamo ${loan} firmado`,
    body: (p: { loan: string; amount: string }) =>
      `Has firmado el contrato del préstamo ${p.loan} por ${p.amount}. ` +
      'Te lo adjuntamos en PDF para que lo guardes.',
  },
  withdrawal: {
    subject: (loan: string) => `Desistimiento del préstamo ${loan}`,
  },
  reminder: {
    subject: {
      before: (loan: string, date: string) => `Tu préstamo ${loan} vence el ${date}`,
      due: (loan: string) => `Hoy vence tu préstamo ${loan}`,
      after: (loan: string) => `Tu préstamo ${loan} venció ayer`,
    },
    body: {
      before: (p: { loan: string; date: string; amount: string }) =>
        `Te recordamos que el ${p.date} vence tu préstamo ${p.loan}. Importe a pagar: ${p.amount}.`,
      due: (p: { loan: string; date: string; amount: string }) =>
        `Hoy, ${p.date}, vence tu préstamo ${p.loan}. Importe a pagar: ${p.amount}.`,
      after: (p: { loan: string; date: string; amount: string }) =>
        `Tu préstamo ${p.loan} venció el ${p.date} y aún no hemos recibido el pago. Importe pendiente: ${p.amount}. ` +
        'Cada día de retraso suma intereses de demora: págalo cuanto antes o solicita una prórroga.',
    },
    howToPay: 'Puedes pagar o prorrogar desde tu área de cliente en credimo.es.',
    sms: {
      before: (p: { loan: string; date: string; amount: string }) =>
        `Credimo: tu préstamo ${p.loan} vence el ${p.date}. Importe: ${p.amount}.`,
      due: (p: { loan: string; date: string; amount: string }) =>
        `Credimo: hoy vence tu préstamo ${p.loan}. Importe: ${p.amount}.`,
      after: (p: { loan: string; date: string; amount: string }) =>
        `Credimo: tu préstamo ${p.loan} venció el ${p.date}. Importe pendiente: ${p.amount}. Págalo cuanto antes.`,
    },
  },
} as const;
