import { Type } from 'typebox';
import { passwordRules, userBody } from './users.schemas';
import { OneOf } from './common.schemas';
import { userLanguages } from './values';

/** The signed-in user's own name and surname, with the rules of the users resource. */
export const MeUpdateBody = Type.Object(
  {
    name: userBody.name,
    surname: userBody.surname,
    language: Type.Optional(
      OneOf(userLanguages, { description: 'The language of the mails the console sends the user (issue 30); omitted: unchanged' }),
    ),
  },
  { additionalProperties: false, title: 'MeUpdateBody' },
);

export const PasswordChangeBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ ...passwordRules, description: 'Must differ from the current password' }),
  },
  { additionalProperties: false, title: 'PasswordChangeBody' },
);
