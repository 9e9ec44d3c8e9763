import { Type } from 'typebox';
import { passwordRules, userBody } from './users.schemas';

/** The signed-in user's own name and surname, with the rules of the users resource. */
export const MeUpdateBody = Type.Object(
  { name: userBody.name, surname: userBody.surname },
  { additionalProperties: false, title: 'MeUpdateBody' },
);

export const PasswordChangeBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ ...passwordRules, description: 'Must differ from the current password' }),
  },
  { additionalProperties: false, title: 'PasswordChangeBody' },
);
