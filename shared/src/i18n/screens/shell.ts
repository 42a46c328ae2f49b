/** What people read in the shell's header, menus, footer and content preview (the developer menu's texts are in ./dev-menu). */
export const shell = {
  menu: 'Menú',
  closeMenu: 'Cerrar el menú',
  accountNav: 'Tu cuenta',
  mainNav: 'Menú principal',
  yourLoan: 'Tu préstamo',
  loanHistory: 'Historial de préstamos',
  personalInfo: 'Información personal',
  documents: 'Documentos',
  previewWaiting: 'Vista previa de la cabecera y el pie con el contenido que estás editando.',
} as const;
