import type { DocumentLayout } from './layout';
import { LENDER } from './layout';

/** Agreement templates by type (GET /v2/products/{id}/agreement/{type}); the signed agreement is agreement.ts. */
export const AGREEMENT_TYPES = {
  general: 'Condiciones generales del préstamo',
  privacy: 'Política de privacidad',
} as const;

export type AgreementType = keyof typeof AGREEMENT_TYPES;

export const isAgreementType = (type: string): type is AgreementType => type in AGREEMENT_TYPES;

export function templateLayout(type: AgreementType, productName: string): DocumentLayout {
  const paragraphs =
    type === 'general'
      ? [
          `Estas condiciones regulan los préstamos «${productName}» que ${LENDER.name} concede a personas residentes en España. El importe, el plazo, la comisión, el importe total adeudado y la TAE de cada préstamo constan en su Información Normalizada Europea y en el contrato que se firma con un código SMS.`,
          'El cliente puede desistir en los 14 días naturales siguientes a la firma y devolver el préstamo anticipadamente, en todo o en parte, sin coste.',
        ]
      : [
          `${LENDER.name} trata los datos personales para estudiar y gestionar los préstamos solicitados, conforme al Reglamento (UE) 2016/679. Puede ejercer sus derechos escribiendo a ${LENDER.email}.`,
        ];
  const title = AGREEMENT_TYPES[type];
  return { title, sections: [{ title, paragraphs }] };
}
