import { formatDisplayDate, formatMoney } from '@credimo/shared/format';
import { addDays } from 'date-fns';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PriceOption } from './price';

/** The lender named in every pre-contract document. */
export const LENDER = {
  name: 'Credimo Financiación, S.L.',
  cif: 'B00000000',
  address: 'Calle de Alcalá 1, 28014 Madrid',
  phone: '+34 900 000 000',
  email: 'ayuda@credimo.es',
};

export interface OfferFacts {
  productName: string;
  amount: number;
  term: number;
  price: PriceOption;
  lateDailyBasisPoints: number;
  today: Date;
}

/** The SECCI ("Información Normalizada Europea sobre el Crédito al Consumo") as labelled rows. */
export function offerSections(f: OfferFacts): Array<{ title: string; rows: Array<[string, string]> }> {
  const due = addDays(f.today, f.term);
  return [
    {
      title: '1. Identidad y datos de contacto del prestamista',
      rows: [
        ['Prestamista', `${LENDER.name} (CIF ${LENDER.cif})`],
        ['Dirección', LENDER.address],
        ['Teléfono y correo electrónico', `${LENDER.phone} · ${LENDER.email}`],
      ],
    },
    {
      title: '2. Descripción de las características principales del crédito',
      rows: [
        ['Tipo de crédito', `${f.productName}: préstamo de un solo pago`],
        ['Importe total del crédito', formatMoney(f.amount)],
        ['Duración del contrato de crédito', `${f.term} días (vencimiento el ${formatDisplayDate(due)})`],
        ['Importe total adeudado', formatMoney(f.price.return_amount)],
        [
          'Plazos y orden de los pagos',
          `Un único pago de ${formatMoney(f.price.return_amount)} el ${formatDisplayDate(due)}`,
        ],
      ],
    },
    {
      title: '3. Costes del crédito',
      rows: [
        [
          'Comisión',
          f.price.is_free ? `${formatMoney(0)} (primer préstamo gratuito)` : formatMoney(f.price.commissions.total),
        ],
        ['Tipo deudor', '0 % fijo: el coste es la comisión indicada'],
        [
          'Tasa anual equivalente (TAE)',
          `${f.price.tae.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`,
        ],
        [
          'Consecuencias del impago',
          `Un interés de demora del ${(f.lateDailyBasisPoints / 100).toLocaleString('es-ES')} % diario sobre el importe vencido, y la posible inclusión en ficheros de solvencia. El impago puede dificultar la obtención de créditos en el futuro.`,
        ],
      ],
    },
    {
      title: '4. Otros aspectos jurídicos importantes',
      rows: [
        [
          'Derecho de desistimiento',
          'Sí: puede desistir en los 14 días naturales siguientes a la firma, sin dar motivos, devolviendo el capital y los intereses del tiempo dispuesto.',
        ],
        ['Reembolso anticipado', 'Puede devolver el préstamo total o parcialmente en cualquier momento, sin coste.'],
        [
          'Consulta de bases de datos',
          'Se le informará inmediatamente si su solicitud se rechaza por la consulta de un fichero de solvencia.',
        ],
        ['Ley aplicable', 'Ley 16/2011, de 24 de junio, de contratos de crédito al consumo.'],
      ],
    },
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function offerHtml(f: OfferFacts): string {
  const sections = offerSections(f)
    .map(
      (s) =>
        `<section><h2>${escapeHtml(s.title)}</h2><table>${s.rows
          .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
          .join('')}</table></section>`,
    )
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Información Normalizada Europea sobre el Crédito al Consumo</title>
<style>body{font:15px/1.5 system-ui,sans-serif;color:#1b1f23;max-width:800px;margin:24px auto;padding:0 16px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #c5ccd3;padding:8px;text-align:left;vertical-align:top}th{width:38%;background:#f5f7f8}</style></head>
<body><h1>Información Normalizada Europea sobre el Crédito al Consumo</h1>${sections}</body></html>`;
}

/** The same document as PDF (pdf-lib's standard fonts cover Spanish and the euro sign). */
export async function offerPdf(f: OfferFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Información Normalizada Europea sobre el Crédito al Consumo');
  pdf.setLanguage('es-ES');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  const write = (text: string, size: number, font = regular, indent = 0) => {
    const width = 515 - indent;
    const words = text.replace(/\u00a0/g, ' ').split(' ');
    let line = '';
    const flush = () => {
      if (y < 50) {
        page = pdf.addPage([595, 842]);
        y = 800;
      }
      page.drawText(line, { x: 40 + indent, y, size, font });
      y -= size * 1.4;
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  };
  write('Información Normalizada Europea sobre el Crédito al Consumo', 15, bold);
  y -= 6;
  for (const section of offerSections(f)) {
    y -= 6;
    write(section.title, 12, bold);
    for (const [label, value] of section.rows) {
      write(label, 10, bold, 8);
      write(value, 10, regular, 16);
    }
  }
  return pdf.save();
}

/** Agreement templates by type; the signed agreement is produced at signing (application issue). */
export const AGREEMENT_TYPES = {
  general: 'Condiciones generales del préstamo',
  privacy: 'Política de privacidad',
} as const;

export function agreementHtml(type: keyof typeof AGREEMENT_TYPES, productName: string): string {
  const title = AGREEMENT_TYPES[type];
  const body =
    type === 'general'
      ? `<p>Estas condiciones regulan los préstamos «${escapeHtml(productName)}» que ${escapeHtml(LENDER.name)} concede a personas residentes en España. El importe, el plazo, la comisión, el importe total adeudado y la TAE de cada préstamo constan en su Información Normalizada Europea y en el contrato que se firma con un código SMS.</p><p>El cliente puede desistir en los 14 días naturales siguientes a la firma y devolver el préstamo anticipadamente, en todo o en parte, sin coste.</p>`
      : `<p>${escapeHtml(LENDER.name)} trata los datos personales para estudiar y gestionar los préstamos solicitados, conforme al Reglamento (UE) 2016/679. Puede ejercer sus derechos escribiendo a ${escapeHtml(LENDER.email)}.</p>`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
