/** The page config (header, menu, footer, documents): types and the content shown when no content site answers. */
export interface Link {
  title: string;
  url: string;
}

/** The page config, as the WordPress plugin serves it at /wp-json/react/v2/data. */
export interface SiteContent {
  header: { contacts: { schedule: string; phone: string; email: string } };
  menu: Link[];
  contacts: { phone: string; email: string; address: string; schedule: string };
  footer: {
    contacts_title: string;
    phone: string;
    email: string;
    address: string;
    menu_title: string;
    menu: Link[];
    menu_title_2: string;
    menu_2: Link[];
    copyright: string;
  };
  documents: Link[];
}

/** What the app shows until (or if never) the content site answers: the plugin's own defaults. */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  header: {
    contacts: { schedule: 'Lunes a viernes de 9:00 a 20:00', phone: '+34 900 000 000', email: 'ayuda@credimo.es' },
  },
  menu: [],
  contacts: {
    phone: '+34 900 000 000',
    email: 'ayuda@credimo.es',
    address: 'Calle de Alcalá 1, 28014 Madrid',
    schedule: 'Lunes a viernes de 9:00 a 20:00',
  },
  footer: {
    contacts_title: 'Contacto',
    phone: '+34 900 000 000',
    email: 'ayuda@credimo.es',
    address: 'Calle de Alcalá 1, 28014 Madrid',
    menu_title: 'Credimo',
    menu: [],
    menu_title_2: 'Legal',
    menu_2: [],
    copyright: '© Credimo Financiación, S.L.',
  },
  documents: [],
};
