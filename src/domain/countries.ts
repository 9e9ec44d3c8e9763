/** The ISO 3166-1 alpha-2 country codes a company's country takes (the companies list filters by them). */
export { countryCodes } from '../../contract/country-codes';
