/** Free debt advice and the complaints service (CCD2 Art. 36): the late-payment banner and the help page. */
export const debtAdvice = {
  title: 'Ayuda gratuita con tus deudas',
  body: 'Si te cuesta pagar, estos servicios públicos te asesoran gratis y sin compromiso:',
  phone: 'Teléfono {phone}',
  complaintsTitle: 'Reclamaciones',
  complaints:
    'Si no estás de acuerdo con cómo te tratamos, puedes reclamar a {name}. Si no te responde en un mes o no estás de acuerdo con la respuesta, puedes acudir al Banco de España.',
  email: 'Correo: {email}',
  address: 'Dirección: {address}',
  web: 'Página web',
};
