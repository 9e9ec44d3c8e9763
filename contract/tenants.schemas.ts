import { Type } from 'typebox';
import {
  formBody,
  NullableString,
  OptionalHttpUrl,
  OptionalText,
  OptionalVideoTenant,
  recordProperties,
  RequiredText,
} from './common.schemas';

export const Tenant = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    domainName: NullableString,
    vinapseTenant: NullableString,
    description: NullableString,
    url: NullableString,
  },
  { title: 'Tenant' },
);

export const tenantBody = formBody('tenants', {
  name: RequiredText(),
  domainName: OptionalText(),
  vinapseTenant: OptionalVideoTenant,
  description: OptionalText(2000),
  url: OptionalHttpUrl,
});
