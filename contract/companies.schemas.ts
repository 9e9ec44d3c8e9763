import { Type } from 'typebox';
import {
  NamedRef,
  NullableString,
  OptionalEmail,
  OptionalText,
  OptionalVideoTenant,
  recordProperties,
  RequiredText,
  Uuid,
} from './common.schemas';
import { CountryCode } from './country-code.schemas';

export const Company = Type.Object(
  {
    ...recordProperties,
    tenantId: Uuid,
    tenant: NamedRef,
    name: Type.String(),
    domain: NullableString,
    vinapseTenant: NullableString,
    taxId: Type.String(),
    addressLine1: NullableString,
    addressLine2: NullableString,
    postalCode: NullableString,
    city: NullableString,
    region: NullableString,
    countryCode: Type.String(),
    phone: NullableString,
    email: NullableString,
  },
  { title: 'Company' },
);

export const companyBody = {
  tenantId: Type.Optional(Type.String({ format: 'uuid', description: 'GLOBAL only, and required; others: their tenant' })),
  name: RequiredText(),
  domain: OptionalText(),
  vinapseTenant: OptionalVideoTenant,
  taxId: RequiredText(50),
  addressLine1: OptionalText(),
  addressLine2: OptionalText(),
  postalCode: OptionalText(20),
  city: OptionalText(100),
  region: OptionalText(100),
  countryCode: CountryCode,
  phone: OptionalText(50),
  email: OptionalEmail,
};
