/**
 * Bank details for transfer and cash: the three banks offered, each with our account (iban), the
 * bank's name (entidad) and its cash-machine locator (link). Data, not code: changing a bank is one line.
 */
export interface PaymentBank {
  entidad: string;
  iban: string;
  link: string;
}

export const PAYMENT_BANKS: readonly PaymentBank[] = [
  {
    entidad: 'CaixaBank',
    iban: 'ES9121000418450200051332',
    link: 'https://www.caixabank.es/particular/general/oficinas-cajeros.html',
  },
  { entidad: 'BBVA', iban: 'ES8001822370440201234567', link: 'https://www.bbva.es/general/buscador-oficinas.html' },
  {
    entidad: 'Banco Santander',
    iban: 'ES7000491500010512345678',
    link: 'https://www.bancosantander.es/oficinas-cajeros',
  },
];
