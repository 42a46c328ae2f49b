/** What people read in the shell's header and menus (the developer menu's texts are in ./dev-menu). */
export const shell = {
  menu: 'Menú',
  closeMenu: 'Cerrar el menú',
  accountNav: 'Tu cuenta',
  mainNav: 'Menú principal',
  yourLoan: 'Tu préstamo',
  loanHistory: 'Historial de préstamos',
  personalInfo: 'Información personal',
} as const;
