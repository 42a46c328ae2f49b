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
  legalNotice: 'Aviso legal',
  previewWaiting: 'Vista previa de la cabecera y el pie con el contenido que estás editando.',
  /** The banner of an admin's impersonation session; an agent's welcome. */
  adminSession:
    'Sesión de soporte: {who} está viendo la cuenta del cliente {phone}. No se pueden firmar préstamos ni cambiar el teléfono o el IBAN.',
  agentSession: 'Sesión asistida por {who} para el cliente {phone}.',
} as const;
