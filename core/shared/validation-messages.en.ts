// Message keys produced by validators.ts, with their English texts (the web translates the keys).
import { CHAT_MESSAGE_MAX } from './constants';

export const VALIDATION_MESSAGES_EN = {
  tradePwdRequired: 'Please set the transaction password',
  tradePwdSixDigits: 'The password must be 6 digits long',
  phoneUpload: 'Please enter your phone number',
  phoneFormat: 'The phone number may only contain digits',
  phoneInvalid: 'Please enter a valid phone number',
  inviteCodeRequired: 'Please enter the invitation code',
  inviteCodeInvalid: 'The invitation code must be 4 to 32 letters or digits',
  text_fsnrbnwk: 'The message cannot be empty',
  tooLong: `The message cannot be longer than ${CHAT_MESSAGE_MAX} characters`,
  idImageType: 'Please upload a JPG, JPEG, PNG, BMP or GIF image',
  idImageSize: 'The image cannot be larger than 5 MB',
} as const;

export type MessageKey = keyof typeof VALIDATION_MESSAGES_EN;

/** Every validation message key, as `{ key: key }` so call sites read MESSAGE_KEYS.tooLong. */
export const MESSAGE_KEYS = Object.freeze(
  Object.fromEntries(Object.keys(VALIDATION_MESSAGES_EN).map((k) => [k, k])),
) as { readonly [K in MessageKey]: K };
