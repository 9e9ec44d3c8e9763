import { isVideoTenant } from '../../contract/video-tenant';

/** The video service's base URL for one video tenant: the `{tenant}` placeholders of the template replaced by it. */
export function videoServiceUrlFor(template: string, tenant: string): string | null {
  if (!isVideoTenant(tenant)) return null;
  const url = template.replaceAll('{tenant}', tenant);
  return URL.canParse(url) ? url : null;
}
