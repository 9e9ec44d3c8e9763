/**
 * A video tenant (`vinapseTenant` of a company or tenant) names the video provider's subdomain, so it must be one DNS
 * label: lower-case letters and digits, hyphens only between them, at most 63 characters. Nothing else can reach the
 * service URL, where such a value can only ever be a label: never a dot, colon, slash, `@`, `?` or `#` that would move
 * the host. The API's schemas and the console's form apply this one rule.
 */
export const videoTenantPattern = '^[a-z0-9](-?[a-z0-9])*$';
export const videoTenantMaxLength = 63;
export const videoTenantRule = 'a DNS label: lower-case letters, digits and single hyphens between them, at most 63 characters';

const videoTenant = new RegExp(videoTenantPattern);

export const isVideoTenant = (value: string) => value.length <= videoTenantMaxLength && videoTenant.test(value);

/**
 * Labels no tenant may take: they name the service's own hosts or mean something to browsers and resolvers
 * (`localhost`, `www`, `api`…). A stored one is never used, as a label breaking the rule above.
 */
export const reservedVideoTenants: ReadonlySet<string> = new Set([
  'localhost',
  'localdomain',
  'local',
  'www',
  'api',
  'app',
  'admin',
  'auth',
  'login',
  'console',
  'dashboard',
  'static',
  'assets',
  'cdn',
  'media',
  'video',
  'videos',
  'upload',
  'uploads',
  'player',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'ftp',
  'status',
  'docs',
  'help',
  'support',
  'dev',
  'test',
  'staging',
  'prod',
  'internal',
  'example',
  'invalid',
  'wpad',
  'autodiscover',
  'autoconfig',
  'broadcasthost',
]);

export const isReservedVideoTenant = (value: string) => reservedVideoTenants.has(value.toLowerCase());
