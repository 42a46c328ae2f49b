/** What customers read on our way to the card gateway (Redsys): the page that sends them to their bank's payment. */
export const gateway = {
  title: 'Pago seguro',
  heading: 'Te llevamos a la pasarela de pago',
  payment: 'Vas a pagar en la pasarela segura de los bancos (Redsys).',
  card: 'Vas a guardar tu tarjeta en la pasarela segura de los bancos (Redsys). No se te cobrará nada ahora.',
  amount: 'Importe',
  continue: 'Continuar',
  notPayable: 'Este pago no existe o ya no está pendiente.',
  cardRequestInvalid: 'La solicitud de tarjeta no es válida o ya se ha completado.',
  what: {
    payoff: 'Devolución total',
    partial_repay: 'Devolución parcial',
    prolongation: 'Prórroga',
  } as Record<string, string>,
  saveCard: 'Guardar tarjeta para el pago automático',
} as const;
