/** What customers read on the application and waiting screens. */
export const application = {
  chooseTitle: 'Elige tu préstamo',
  chooseBody: 'Elige el importe y el plazo y pulsa «Solicitar». Tus datos ya están guardados.',
  sendingTitle: 'Enviando tu solicitud…',
  createdTitle: '¡Solicitud creada!',
  createdBody: 'Hemos recibido tu solicitud. En unos instantes te diremos cómo sigue.',
  summaryAmount: 'Importe',
  summaryTerm: 'Plazo',
  summaryTotal: 'Total a devolver',
  days: '{n} días',
  retry: 'Reintentar',
  chooseAgain: 'Elegir otro importe',
  declinedBody:
    'Esta vez no podemos concederte el préstamo. Podrás volver a solicitarlo más adelante; si tienes dudas, llámanos.',
  toAccount: 'Ir a mi cuenta',
  consideringTitle: 'Estamos estudiando tu solicitud',
  consideringBody: 'No cierres esta página: la respuesta suele llegar en segundos.',
  verificationTitle: 'Estamos verificando tus datos',
  verificationBody: 'Un analista está revisando tu solicitud a mano. Te avisaremos en cuanto termine.',
  bankImportTitle: 'Importando tus datos bancarios',
  bankImportBody: 'Estamos leyendo los movimientos de tu cuenta. Esto tarda un poco.',
  timeLeft: 'Tiempo estimado',
  moreTimeTitle: 'Lo sentimos, necesitamos más tiempo',
  moreTimeBody:
    'Tu solicitud sigue en estudio. Te enviaremos un SMS en cuanto tengamos una respuesta; puedes cerrar esta página y volver cuando quieras.',
  reference: 'Referencia de tu solicitud: {id}',
} as const;
