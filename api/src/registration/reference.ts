/** Reference lists of the registration forms (nationality, employment type, education, activity). */
import { EMPLOYMENT_TYPES } from '@credimo/shared/domain';

const regionNames = new Intl.DisplayNames(['es'], { type: 'region' });
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every ISO 3166 country Intl knows, named in Spanish; Spain first (the form offers Spain, or another country). */
export const NATIONALITIES: Array<{ id: string; name: string }> = (() => {
  const all: Array<{ id: string; name: string }> = [];
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      const name = regionNames.of(code);
      // Unknown codes come back unchanged; user-assigned and grouping codes are not countries.
      if (
        name &&
        name !== code &&
        !/^(EU|EZ|UN|QO|XA|XB|ZZ|AA|QM|QN|QP|QQ|QR|QS|QT|QU|QV|QW|QX|QY|QZ|XK)$/.test(code)
      ) {
        all.push({ id: code, name });
      }
    }
  }
  const spain = all.find((c) => c.id === 'ES');
  const others = all.filter((c) => c.id !== 'ES').sort((x, y) => x.name.localeCompare(y.name, 'es'));
  return spain ? [spain, ...others] : others;
})();

export const EMPLOYMENT_TYPE_OPTIONS = Object.entries(EMPLOYMENT_TYPES).map(([id, name]) => ({ id: Number(id), name }));

export const EDUCATION_OPTIONS = [
  { id: 'none', name: 'Sin estudios' },
  { id: 'primary', name: 'Educación primaria' },
  { id: 'secondary', name: 'Educación secundaria (ESO)' },
  { id: 'bachillerato', name: 'Bachillerato' },
  { id: 'vocational', name: 'Formación profesional' },
  { id: 'university', name: 'Estudios universitarios' },
  { id: 'postgraduate', name: 'Máster o doctorado' },
];

export const BUSINESS_ACTIVITY_OPTIONS = [
  'Agricultura, ganadería y pesca',
  'Industria',
  'Construcción',
  'Comercio',
  'Hostelería y turismo',
  'Transporte y logística',
  'Información y comunicaciones',
  'Finanzas y seguros',
  'Inmobiliaria',
  'Servicios profesionales',
  'Administración pública',
  'Educación',
  'Sanidad y servicios sociales',
  'Arte y ocio',
  'Otros servicios',
].map((name, index) => ({ id: index + 1, name }));

export const isEducation = (id: string) => EDUCATION_OPTIONS.some((o) => o.id === id);
export const isBusinessActivity = (id: number) => BUSINESS_ACTIVITY_OPTIONS.some((o) => o.id === id);
export const isNationality = (id: string) => NATIONALITIES.some((o) => o.id === id);
