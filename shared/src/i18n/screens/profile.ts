/** What customers read on the registration's personal data screens. */
export const profile = {
  personalDataTitle: 'Tus datos personales',
  personalDataIntro: 'Los necesitamos para estudiar tu solicitud. Escríbelos como aparecen en tu DNI o NIE.',
} as const;
