import type { DocumentLayout, LenderIdentity } from './layout';

/**
 * The legal documents by type (GET /v2/products/{id}/agreement/{type}): what the consents and the footer link to
 * when the content site names none of its own. The signed agreement is agreement.ts.
 */
export const AGREEMENT_TYPES = {
  general: 'Condiciones generales del préstamo',
  privacy: 'Política de privacidad',
  legal_notice: 'Aviso legal',
} as const;

export type AgreementType = keyof typeof AGREEMENT_TYPES;

export const isAgreementType = (type: string): type is AgreementType => Object.hasOwn(AGREEMENT_TYPES, type);

function paragraphsOf(type: AgreementType, productName: string, lender: LenderIdentity): string[] {
  switch (type) {
    case 'general':
      return [
        `Estas condiciones regulan los préstamos «${productName}» que ${lender.name} concede a personas residentes en España. El importe, el plazo, la comisión, el importe total adeudado y la TAE de cada préstamo constan en su Información Normalizada Europea y en el contrato que se firma con un código SMS.`,
        'El cliente puede desistir en los 14 días naturales siguientes a la firma y devolver el préstamo anticipadamente, en todo o en parte, sin coste.',
      ];
    case 'privacy':
      return [
        `${lender.name} trata los datos personales para estudiar y gestionar los préstamos solicitados, conforme al Reglamento (UE) 2016/679. Puede ejercer sus derechos escribiendo a ${lender.email}.`,
      ];
    case 'legal_notice':
      // Ley 34/2002 (LSSI), art. 10: who runs the service, where, its tax id and its registration.
      return [
        `Este sitio y el servicio de préstamos «${productName}» son de ${lender.name}, con CIF ${lender.cif} y domicilio en ${lender.address}.`,
        `Inscripción: ${lender.registry}.`,
        `Contacto: ${lender.phone} · ${lender.email}.`,
      ];
  }
}

export function templateLayout(type: AgreementType, productName: string, lender: LenderIdentity): DocumentLayout {
  const title = AGREEMENT_TYPES[type];
  return { title, sections: [{ title, paragraphs: paragraphsOf(type, productName, lender) }] };
}
