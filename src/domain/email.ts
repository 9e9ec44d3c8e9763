/** The email rule of the API's schemas (`contract/email.ts`): the console's forms check the same. */
export { isEmail } from '../../contract/email';
