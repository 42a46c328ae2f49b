import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import type { DocumentLayout } from './layout';

const A4: [number, number] = [595, 842];
const MARGIN = 40;
const TOP = 800;
const BOTTOM = 50;

/** The one PDF renderer: A4, wrapped text, new pages as needed (pdf-lib's standard fonts cover Spanish and €). */
export async function documentPdf(layout: DocumentLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(layout.title);
  pdf.setLanguage('es-ES');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  let y = TOP;
  const write = (text: string, size: number, font: PDFFont = regular, indent = 0) => {
    const width = A4[0] - 2 * MARGIN - indent;
    // pdf-lib's WinAnsi fonts have no narrow no-break space that es-ES number formatting uses.
    const words = text.replace(/[\u00a0\u202f]/g, ' ').split(' ');
    let line = '';
    const flush = () => {
      if (y < BOTTOM) {
        page = pdf.addPage(A4);
        y = TOP;
      }
      page.drawText(line, { x: MARGIN + indent, y, size, font });
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
  write(layout.title, 15, bold);
  y -= 6;
  for (const section of layout.sections) {
    y -= 6;
    write(section.title, 12, bold);
    for (const [label, value] of section.rows ?? []) {
      write(label, 10, bold, 8);
      write(value, 10, regular, 16);
    }
    for (const paragraph of section.paragraphs ?? []) write(paragraph, 10, regular, 8);
  }
  return pdf.save();
}
