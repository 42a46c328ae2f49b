/** What customers read on the registration's personal data screens. */
export const profile = {
  personalDataTitle: 'Tus datos personales',
  personalDataIntro: 'Los necesitamos para estudiar tu solicitud. Escríbelos como aparecen en tu DNI o NIE.',
  /** Before the number, formatted: "Tu número de móvil: +34 612 34 56 78". */
  yourPhone: 'Tu número de móvil:',
  changePhone: 'Cambiar el número',
} as const;
