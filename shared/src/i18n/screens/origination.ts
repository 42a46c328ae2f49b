/**
 * What customers read on the origination screens, keyed by screen. Error texts of the API stay in
 * messages.ts under their keys; these are titles, explanations and buttons.
 */
export const origination = {
  approved: '¡Tu solicitud está aprobada! Te prestamos {amount}. Completa estos últimos pasos para recibir el dinero.',
  issueMethod: {
    title: 'Ir a la firma',
    body: 'Indica la cuenta bancaria (IBAN) donde quieres recibir el dinero. Debe estar a tu nombre.',
    ibanLabel: 'IBAN',
    ibanHint: 'ES seguido de 22 dígitos, por ejemplo ES91 2100 0418 4502 0005 1332',
    knownAccounts: 'Tus cuentas',
    knownAccountLabel: 'Cuenta para recibir el dinero',
    newAccount: 'Otra cuenta',
    loadingAccounts: 'Buscando tus cuentas…',
    aggregationTitle: 'Verificar con tu banco',
    aggregationBody: 'También puedes conectar tu banco para verificar tu cuenta al momento.',
    aggregation: 'Conectar mi banco',
    submit: 'Continuar',
  },
  bankDataPreview: {
    title: 'Verifica tu cuenta bancaria',
    body:
      'Conecta la banca online de la cuenta donde recibirás el dinero. Solo leemos lo necesario para verificarla ' +
      'y nunca guardamos tus claves.',
    holder: 'Debes ser el titular de la cuenta.',
    transactions: 'La cuenta debe tener movimientos recientes.',
    continue: 'Continuar',
  },
  bankData: {
    title: 'Conecta tu banco',
    body: 'Conecta tu banca online aquí mismo, en la ventana segura de {provider}, nuestro proveedor de verificación bancaria. Tus claves solo las ve tu banco.',
    connect: 'Conectar con mi banco',
    opening: 'Abriendo la conexión segura…',
    widgetLabel: 'Conexión segura con tu banco',
    frameTitle: 'Conexión segura con tu banco ({provider})',
    failed: 'No hemos podido abrir la conexión con tu banco. Inténtalo de nuevo.',
  },
  aggregationReturn: {
    title: 'Volviendo de tu banco',
    working: 'Estamos recibiendo los datos de tu banco…',
    back: 'Volver a intentarlo',
  },
  approveNewConditions: {
    title: 'Nuevas condiciones',
    body: 'Hemos estudiado tu solicitud y podemos ofrecerte un importe diferente.',
    requested: 'Importe solicitado',
    offered: 'Importe concedido',
    returnAmount: 'Total a devolver',
    term: 'Plazo',
    days: '{n} días',
    accept: 'Aceptar e ir a la firma',
  },
  sign: {
    title: 'Firma tu contrato',
    documentsBody: 'Antes de firmar, lee la información precontractual (SECCI) y las condiciones de tu préstamo.',
    secci: 'Información normalizada europea (SECCI)',
    agreement: 'Condiciones del contrato',
    amount: 'Importe',
    returnAmount: 'Total a devolver',
    commission: 'Comisión',
    term: 'Plazo',
    days: '{n} días',
    mustPay: 'Fecha de devolución prevista',
    tae: 'TAE',
    readConfirm: 'He leído la información precontractual y las condiciones del contrato',
    sendCode: 'Firmar con código SMS',
    codeSent: 'Te hemos enviado un código por SMS para firmar el contrato.',
    sandboxCode: 'Modo de pruebas: tu código es {code}',
    codeLabel: 'Código de firma',
    submit: 'Firmar',
    resend: 'Enviar otro código',
    resendIn: 'Podrás pedir otro código en {s} s',
  },
  autoDebit: {
    title: 'Pago automático',
    body:
      'Añade una tarjeta para que tu préstamo se pague solo el día de la devolución. Así nunca te retrasarás y ' +
      'tendrás un 15 % de descuento en tu próximo préstamo.',
    consent: 'Autorizo el cargo automático en mi tarjeta de lo que deba devolver en la fecha de devolución',
    confirm: 'Añadir tarjeta',
    skip: 'Ahora no',
    completed: 'Tarjeta añadida: el pago automático está activado. Preparamos la transferencia de tu dinero.',
    toAccount: 'Ir a mi cuenta',
    processingTitle: 'Estamos comprobando tu tarjeta',
    processing: 'Tu banco aún no ha respondido. Esta página se actualizará sola en cuanto lo haga.',
    failedRetry: 'Puedes probar con otra tarjeta o continuar sin pago automático y activarlo más tarde.',
    savedCardExpiring:
      'Tu tarjeta guardada caduca en menos de 3 meses y no sirve para el pago automático. Añade otra tarjeta o continúa sin él.',
  },
  payoutFailed: {
    title: 'No hemos podido enviar el dinero',
    body:
      'Tu banco ha devuelto la transferencia a la cuenta que nos indicaste. Comprueba que la cuenta está activa y ' +
      'a tu nombre, y vuelve a intentarlo.',
    retry: 'Volver a intentarlo',
    help: 'Si el problema continúa, llámanos al {phone} y lo resolvemos contigo.',
  },
  moneyOnTheWay: {
    title: '¡El dinero está en camino!',
    body: 'Hemos ordenado la transferencia a tu cuenta. Normalmente llega en unos minutos.',
    signedTitle: 'Contrato firmado',
    signedBody: 'Estamos preparando la transferencia a tu cuenta.',
    amount: 'Importe',
    reference: 'Referencia: {id}',
    retry: 'Reintentar',
  },
} as const;
