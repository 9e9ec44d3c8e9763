import { Type } from 'typebox';
import { Format } from 'typebox/format';
import { countryCodes } from './country-codes';

const assignedCodes = new Set<string>(countryCodes);

Format.Set('iso-3166-alpha-2', (value) => assignedCodes.has(value));

/** An officially assigned ISO 3166-1 alpha-2 country code, upper case (IT, DE, GB…). */
export const CountryCode = Type.String({ format: 'iso-3166-alpha-2' });
