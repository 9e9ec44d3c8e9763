import { ApiError } from '../../../http/api-error';

/**
 * A package refused as a whole (400, nothing written): `code` says why (QTI_NOT_A_ZIP, QTI_UNSAFE_PATH, QTI_TOO_LARGE,
 * QTI_NO_MANIFEST, QTI_NOT_QTI3, QTI_INVALID_XML, QTI_DTD_NOT_ALLOWED…), the one field error is on `package`.
 */
export function packageError(code: string, message: string, params?: Record<string, string | number>) {
  return new ApiError(400, message, {}, [{ field: 'package', rule: code, message, ...(params && { params }) }], code, params);
}
