/**
 * The Spanish message catalogue of validation and error messages, by key (fieldRequired, incorrectPhone, ...);
 * texts are what customers read. Screen texts live beside it in ./screens (`texts.<screen>.*`): together they are
 * every sentence a customer reads, each once.
 */
import { fill } from './fill';
import { remoteUnavailable } from './remote-unavailable';

export const messages = {
  // Validation (its wording, but in Spanish of Spain where it was not: the checkbox and the date)
  fieldRequired: 'El campo no puede estar vacío',
  checkboxFieldRequired: 'Marca esta casilla para continuar',
  minLengthField: '{from} caracteres de {to} se ingresan',
  incorrectPhone: 'El teléfono no es válido',
  incorrectEmail: 'Correo electrónico incorrecto',
  onlyNumbers: 'Solo números permitidos',
  incorrectDate: 'Fecha no válida',
  minDate: 'La fecha es inferior al mínimo posible',
  maxDate: 'Fecha superior a la fecha máxima posible',
  incorrectData: 'Datos incorrectos',
  incorrectNumberIban: 'Número de IBAN incorrecto',
  promoCodeNotFound: 'No se encontró el código promocional',
  promoCodeExpired: 'El código promocional ha caducado',
  fieldPhoneNumberEqualRegistration: 'El número debe ser distinto de tu teléfono registrado',
  // Errors
  errorNotFound: 'No hemos podido conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  genericError: 'Algo salió mal',
  tryAgain: 'Inténtalo de nuevo',
  duplicatePersonalId: 'Usuario con este DNI/NIE registrado anteriormente',
  identityNotVerified: 'La identidad no ha sido verificada',
  photoNotVerified: 'Su foto no ha sido verificada. Toma una foto de nuevo siguiendo los puntos descritos',
  applicationDeclined: 'Lo siento, tu solicitud fue rechazada',
  loanAlreadyOpen: 'No puedes pedir un préstamo nuevo hasta devolver el actual',
  adjustValues: 'Ajusta el importe y el plazo a los valores permitidos',
  profileIncomplete: 'Completa tus datos personales antes de enviar la solicitud',
  applicationRefused: 'No podemos estudiar tu solicitud. Llámanos para más información.',
  accountBlocked: 'Tu cuenta está bloqueada. Llámanos y te ayudamos a desbloquearla.',
  autoDebitFailed: 'No podemos activar el pago automático',
  // Origination
  loanStateConflict: 'Esta acción ya no es posible en el estado actual de tu préstamo.',
  requiredFilesOutstanding: 'Antes de continuar, envía los documentos que te hemos pedido.',
  autoDebitCardRequired: 'Añade una tarjeta válida para activar el pago automático.',
  autoDebitRequired: 'Activa el pago automático para continuar.',
  // Payment cards (valid more than 3 months, personal)
  cardNotFound: 'No encontramos esta tarjeta.',
  cardExpiresTooSoon: 'La tarjeta debe ser válida durante más de 3 meses.',
  cardNotPersonal: 'La tarjeta debe estar a tu nombre.',
  cardDeclined: 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.',
  agreementLinkExpired: 'El enlace ha caducado. Vuelve a abrir tu historial de préstamos.',
  callbackRejected: 'Notificación no válida.',
  noAutomatedDecision: 'Tu solicitud todavía no tiene una decisión automática.',
  reviewAlreadyRequested: 'Ya has pedido la revisión de esta decisión por una persona.',
  noNewConditions: 'No hay nuevas condiciones que aprobar.',
  // Servicing
  paymentAmountInvalid: 'El importe mínimo es 0,10 €.',
  paymentAboveTotal: 'El importe no puede superar lo que debes hoy.',
  paymentOffStep: 'El importe debe ir en pasos de 0,10 €.',
  paymentPending: 'Tienes un pago pendiente. Espera la respuesta del banco antes de hacer otro.',
  bizumUnavailable: 'El pago con Bizum no está disponible para tu cuenta.',
  savedCardUnavailable: 'Esta tarjeta guardada ya no se puede usar. Elige otra forma de pago.',
  paymentKeyReused: 'Este pago ya se hizo con otro importe. Vuelve a tu préstamo y empieza de nuevo.',
  loanNotRepayable: 'Este préstamo no admite pagos ahora mismo.',
  loanNotExtendable: 'Tu préstamo no se puede prorrogar ahora mismo.',
  // Forbearance before collection: moving the due date, the instalment plan, the extensions' limit
  dueDateChangeUnavailable: 'La fecha de pago de este préstamo ya no se puede cambiar.',
  dueDateChangeDays: 'Elige entre {from} y {to} días.',
  instalmentPlanUnavailable: 'Ahora mismo no podemos ofrecerte un plan de pagos para este préstamo.',
  instalmentPlanCount: 'Elige entre {from} y {to} cuotas.',
  extensionsUsedUp: 'Ya has prorrogado este préstamo {max} veces. Te ofrecemos un plan de pagos en su lugar.',
  forbearanceKeyReused: 'Esta solicitud ya se hizo con otros datos. Vuelve a tu préstamo y empieza de nuevo.',
  promoUnusableForExtension: 'Este código promocional no se puede usar para prorrogar el préstamo.',
  promoUnusableFreeLoan: 'Los códigos promocionales no se aplican a un préstamo gratuito.',
  withdrawalExpired: 'El plazo de 14 días para desistir del préstamo ha terminado.',
  withdrawalAcknowledgement:
    'Has desistido del préstamo {loan} el {date}. Debes devolver {amount}: el capital recibido más la comisión hasta hoy. Tienes 30 días para hacerlo.',
  // Documents and liveness
  uploadErrorMessage: 'No hemos podido subir tu foto. Haz una foto nueva o llámanos al {phone}.',
  documentFailedToLoad: 'No hemos podido cargar el documento',
  documentTooLarge: 'La foto es demasiado grande. Haz una foto nueva o llámanos al {phone}.',
  documentTypeUnknown: 'Tipo de documento no válido',
  livenessPending: 'Estamos verificando tu foto. Te avisaremos en unos minutos.',
  livenessAttemptsExhausted: 'Has agotado los intentos de verificación. Llámanos al {phone}.',
  livenessTransactionUnknown: 'No encontramos esta verificación. Toma una foto de nuevo.',
  livenessUnavailable: 'La verificación con selfie no está disponible para tu cuenta.',
  providerSignatureInvalid: 'Firma no válida',
  // Identity
  codeIncorrect: 'El código no es correcto',
  codeExpired: 'El código ha caducado. Solicita uno nuevo.',
  codeAttemptsExhausted: 'Has superado el número de intentos. Solicita un código nuevo.',
  resendTooSoon: 'Espera {seconds} segundos antes de pedir un código nuevo.',
  tooManyCodes: 'Has pedido demasiados códigos. Inténtalo de nuevo más tarde.',
  codeTriesLocked:
    'Por seguridad, tras demasiados códigos incorrectos no podemos comprobar más hasta dentro de 24 horas.',
  linkInvalid: 'El enlace no es válido, ha caducado o ya se ha usado.',
  handoffOtherBrowser:
    'Este enlace se pidió en otro navegador y solo sirve en aquel. Entra aquí con tu móvil para continuar.',
  handoffOtherSession: 'En este navegador ya has entrado con otra cuenta.',
  impersonationForbidden: 'Esta acción no está permitida en una sesión de soporte.',
  phoneInUse: 'Este teléfono ya está registrado en otra cuenta.',
  captchaFailed: 'No hemos podido comprobar que no eres un robot. Recarga la página e inténtalo de nuevo.',
  captchaUnavailable:
    'No hemos podido cargar la comprobación de seguridad (reCAPTCHA). Revisa tu conexión e inténtalo de nuevo.',
  resendFailed: 'No hemos podido enviar el código. Llámanos al {phone}.',
  // Account
  cannotTakeNewLoan: 'No puedes solicitar un préstamo nuevo mientras tengas uno pendiente de pago.',
  erasureRefusedOpenLoan:
    'No podemos suprimir tus datos mientras tengas un préstamo abierto. Podrás solicitarlo cuando esté cerrado.',
  dataExportNotReady: 'Tu copia de datos no está disponible. Solicita una nueva.',
  // Platform
  remoteUnavailable,
  loading: 'Cargando…',
  unknownField: 'Campo no permitido',
  malformedRequest: 'La solicitud no es válida',
  requestTooLarge: 'La solicitud es demasiado grande',
  routeNotFound: 'No encontrado',
  tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  unauthorized: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  operatorUnauthorized: 'Acceso de operador no autorizado: el secreto de operador no es válido.',
  serverError: 'Algo salió mal. Inténtalo de nuevo más tarde.',
  applicationsAccepted: 'Aceptamos solicitudes 24 horas al día, 7 días a la semana',
  // Around the app
  repaymentHelpLink: 'Cómo devolver tu préstamo',
  newVersionTitle: 'Nueva versión disponible',
  newVersionAvailable: '¡Hay una nueva versión de la aplicación! Recarga la página o pulsa Aceptar.',
  newVersionReload: 'Aceptar',
  loanCreationDisabled: 'La creación de préstamos está desactivada en este entorno.',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a catalogue text. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return fill(messages[key], params);
}

export { fill, type PluralForms, plural } from './fill';
