/** What customers read on the payments screens: payment methods, payment failed, how to repay. */
export const payments = {
  methods: {
    title: 'Elige cómo pagar',
    what: {
      payoff: 'Devolución total',
      partial_repay: 'Devolución parcial',
      prolongation: 'Prórroga',
    } as Record<string, string>,
    amount: 'Importe',
    term: '{days} días',
    pending: 'Tu pago está en proceso. Esperamos la respuesta del banco: hasta entonces no puedes hacer otro pago.',
    savedCard: 'Con tu tarjeta guardada',
    savedCardBody: 'Paga al momento con la tarjeta que ya guardaste, sin volver a escribir sus datos.',
    payWithSavedCard: 'Pagar {amount} con la tarjeta terminada en {lastDigits}',
    card: 'Pagar con tarjeta',
    cardBody: 'Paga al momento con tu tarjeta de débito o crédito.',
    bizum: 'Pagar con Bizum',
    bizumBody: 'Paga desde la aplicación de tu banco con tu número de móvil.',
    transfer: 'Transferencia bancaria',
    transferBody:
      'Haz una transferencia a una de estas cuentas con este concepto: {concept}. La recibiremos en 24 a 48 horas hábiles.',
    entidad: 'Entidad',
    iban: 'IBAN',
    cash: 'Efectivo en un cajero',
    cashBody:
      'Ingresa el importe en efectivo en un cajero de la entidad, en la cuenta indicada, con este concepto: {concept}. Sin comisiones.',
    /** Why an extension's concept has more than the loan number. */
    extensionConcept: 'Escribe el concepto tal cual: así sabremos que es para prorrogar y no para devolver.',
    atm: 'Buscar cajeros de {bank}',
    noFee: 'Sin comisiones',
    back: 'Volver a tu préstamo',
  },
  failed: {
    title: 'Algo salió mal',
    /** What failed, by the reason the payment page was left with (the payment provider's return has none). */
    what: {
      declined:
        'Tu pago no se ha completado: tu banco lo ha rechazado o se canceló antes de terminar. No se ha cobrado nada.',
      unopened: 'No hemos podido abrir la página de pago. No se ha cobrado nada.',
    },
    todo:
      'Vuelve a tu préstamo e inténtalo de nuevo, con otra tarjeta o con otra forma de pago: Bizum, transferencia ' +
      'o efectivo en un cajero.',
    help: 'Si vuelve a fallar, llámanos al {phone} y lo resolvemos contigo.',
    tryAgain: 'Intentar de nuevo',
    howTo: 'Otras formas de pagar',
  },
  help: {
    title: 'Cómo devolver tu préstamo',
    intro:
      'Puedes devolver tu préstamo entero o una parte, o prorrogarlo, desde tu cuenta en «Tu préstamo». ' +
      'Elige el importe y después la forma de pago.',
    ways: [
      'Tarjeta de débito o crédito: el pago se aplica al momento.',
      'Bizum: paga con tu móvil desde la aplicación de tu banco.',
      'Transferencia bancaria a una de nuestras cuentas, con tu número de préstamo en el concepto: de 24 a 48 horas hábiles.',
      'Efectivo en un cajero de una de nuestras entidades, sin comisiones.',
    ],
    order: 'Cada pago cubre primero las penalizaciones, después la comisión y por último el capital.',
    autoDebit: 'Si tienes el pago automático activo, el día de la devolución cobraremos en tu tarjeta lo que debas.',
    account: 'Ir a tu cuenta',
  },
} as const;
