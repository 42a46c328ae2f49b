/** What people read in the shell's header, menus and developer menu. */
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
  devMenuTitle: 'Menú de desarrollo',
  devStepperDisabled: 'Desactivar los pasos del registro (reglas de redirección)',
  devApiUrl: 'Dirección de la API',
  devApiUrlConfigured: '{url} (la configurada)',
  devApply: 'Aplicar y recargar',
  devClose: 'Cerrar',
} as const;
