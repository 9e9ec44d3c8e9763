import type { SqlConnection } from '../server/db/client';

const firstNames = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Alessandro',
  'Chiara',
  'Matteo',
  'Sara',
  'Davide',
  'Elena',
  'James',
  'Olivia',
  'William',
  'Emma',
  'Thomas',
  'Sophie',
  'Daniel',
  'Grace',
  'Samuel',
  'Lucy',
];
const surnames = [
  'Rossi',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'Esposito',
  'Costa',
  'Grossi',
  'Fontana',
  'Moretti',
  'Barbieri',
  'Lombardi',
  'Rossetti',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Evans',
  'Walker',
];

export const benchTenants = 20;
export const benchCompaniesPerTenant = 10;

const textArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * `count` users spread evenly over benchTenants × benchCompaniesPerTenant companies (one in twenty a TENANT user
 * of the company's tenant), with set-based INSERT … SELECT generate_series statements, then VACUUM ANALYZE.
 */
export async function seedBenchUsers(connection: SqlConnection, count: number) {
  // A million users with their thirty-odd indexes take minutes on a busy machine: no statement timeout here.
  await connection.exec("SET statement_timeout = 0; SET maintenance_work_mem = '256MB'");
  await connection.exec(`
    INSERT INTO tenants (name, domain_name, url)
    SELECT 'Bench Tenant ' || lpad(t::text, 2, '0'), 'tenant' || t || '.example.com', 'https://tenant' || t || '.example.com'
      FROM generate_series(1, ${benchTenants}) AS t;

    INSERT INTO companies (tenant_id, name, tax_id, address_line1, city, country_code)
    SELECT tenant.id, tenant.name || ' Company ' || c, 'IT' || lpad((tenant.n * 100 + c)::text, 11, '0'),
           'Via Garibaldi ' || c, 'Milano', 'IT'
      FROM (SELECT id, name, row_number() OVER (ORDER BY name) AS n FROM tenants WHERE name LIKE 'Bench Tenant %') AS tenant,
           generate_series(1, ${benchCompaniesPerTenant}) AS c;

    INSERT INTO users (tenant_id, company_id, scope, name, surname, email, status, created_at, updated_at)
    SELECT company.tenant_id,
           CASE WHEN i % 20 = 0 THEN NULL ELSE company.id END,
           CASE WHEN i % 20 = 0 THEN 'TENANT' ELSE 'COMPANY' END,
           person.name, person.surname,
           lower(person.name || '.' || person.surname || '.' || i || '@bench.example.com'),
           CASE WHEN i % 7 = 0 THEN 'PENDING' ELSE 'ACTIVE' END,
           now() - make_interval(secs => i), now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) AS i
      CROSS JOIN LATERAL (
        SELECT (${textArray(firstNames)})[1 + i % ${firstNames.length}] AS name,
               (${textArray(surnames)})[1 + (i / ${firstNames.length}) % ${surnames.length}] AS surname
      ) AS person
      JOIN (SELECT id, tenant_id, row_number() OVER (ORDER BY name) - 1 AS n FROM companies WHERE name LIKE 'Bench Tenant %') AS company
        ON company.n = i % ${benchTenants * benchCompaniesPerTenant};
  `);
  await connection.exec('VACUUM ANALYZE');
}
