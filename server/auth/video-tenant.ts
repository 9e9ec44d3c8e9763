import { isReservedVideoTenant, isVideoTenant } from '../../contract/video-tenant';
import type { FieldError } from '../../contract/errors.schemas';
import { invalidField } from '../http/api-error';

/** The video service's base URL for one video tenant: the `{tenant}` placeholders of the template replaced by it. */
export function videoServiceUrlFor(template: string, tenant: string): string | null {
  if (!isVideoTenant(tenant)) return null;
  const url = template.replaceAll('{tenant}', tenant);
  return URL.canParse(url) ? url : null;
}

/** A company's or tenant's `vinapseTenant` as written: a reserved label is refused (400), whoever asks. */
export function refuseReservedVideoTenant(label: string | null | undefined) {
  if (label && isReservedVideoTenant(label)) {
    throw invalidField('vinapseTenant', 'videoTenantReserved', 'is reserved: choose another name');
  }
}

/**
 * A label another tenant uses (migration 0012's trigger, SQLSTATE 23505 on `video_tenant_owner`): 409 on the field.
 * A video tenant is where a tenant's videos are stored: a company may use its own tenant's labels or a new one.
 */
export const videoTenantOwner: Record<string, FieldError> = {
  video_tenant_owner: { field: 'vinapseTenant', rule: 'videoTenantTaken', message: 'is used by another tenant' },
};
