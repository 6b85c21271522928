import type { HttpClient } from '../../../core/plugin-api';
import { checkIdImage } from '../../../core/shared';
import {
  ID_NUMBER_MAX,
  ID_NUMBER_MIN,
  KYC_IMAGES,
  KYC_REQUIRED_IMAGES,
  KYC_SUBMIT_PATH,
  KYC_UPLOAD_PURPOSE,
  UPLOAD_PATH,
  type KycImage,
  type KycStatus,
  type KycSubmission,
} from '../shared/types';

/** The ID number without spaces, dots, dashes and slashes: letters and digits, as the server requires. */
const ID_NUMBER_PATTERN = new RegExp(`^[A-Za-z0-9]{${ID_NUMBER_MIN},${ID_NUMBER_MAX}}$`);

export interface KycFormValues {
  realName: string;
  idNumber: string;
  country: string;
  images: Partial<Record<KycImage, File>>;
}

export type KycFormField = 'realName' | 'idNumber' | 'country' | KycImage;
/** Message keys of the "kyc" namespace per field. */
export type KycFormErrors = Partial<Record<KycFormField, string>>;

/** Client-side checks before anything is uploaded; the server checks everything again. */
export function validateKycForm(values: KycFormValues): KycFormErrors {
  const errors: KycFormErrors = {};
  if (!values.realName.trim()) errors.realName = 'form.realNameRequired';
  const idNumber = values.idNumber.replace(/[\s.\-/]/g, '');
  if (!idNumber) errors.idNumber = 'form.idNumberRequired';
  else if (!ID_NUMBER_PATTERN.test(idNumber)) errors.idNumber = 'form.idNumberInvalid';
  if (!values.country) errors.country = 'form.countryRequired';
  for (const which of KYC_IMAGES) {
    const file = values.images[which];
    if (!file) {
      if (KYC_REQUIRED_IMAGES.includes(which)) errors[which] = 'form.imageRequired';
      continue;
    }
    const problem = checkIdImage(file);
    if (problem) errors[which] = problem;
  }
  return errors;
}

/** Uploads the picked images (kernel upload area, purpose "kyc"), then submits the application with their ids. */
export async function submitKyc(http: HttpClient, values: KycFormValues): Promise<{ status: KycStatus }> {
  const ids: Partial<Record<KycImage, string>> = {};
  for (const which of KYC_IMAGES) {
    const file = values.images[which];
    if (!file) continue;
    const form = new FormData();
    form.append('type', KYC_UPLOAD_PURPOSE);
    form.append('file', file, file.name);
    try {
      ids[which] = (await http.upload<{ id: string }>(UPLOAD_PATH, form, { silent: true })).id;
    } catch (error) {
      // the upload names its "file" part; the form shows the message at this image
      throw new KycSubmitError(messageOf(error), which);
    }
  }
  const body: KycSubmission = {
    realName: values.realName.trim(),
    idNumber: values.idNumber.trim(),
    country: values.country,
    front: ids.front!,
    back: ids.back!,
    hand: ids.hand!,
    ...(ids.phone ? { phone: ids.phone } : {}),
  };
  try {
    return await http.post<{ status: KycStatus }>(KYC_SUBMIT_PATH, body, { silent: true });
  } catch (error) {
    const field = (error as { field?: unknown }).field;
    throw new KycSubmitError(messageOf(error), FORM_FIELDS.includes(field as KycFormField) ? (field as KycFormField) : undefined);
  }
}

const FORM_FIELDS: readonly KycFormField[] = ['realName', 'idNumber', 'country', ...KYC_IMAGES];

function messageOf(error: unknown): string {
  const { msg, message } = error as { msg?: unknown; message?: unknown };
  return typeof msg === 'string' && msg ? msg : typeof message === 'string' ? message : '';
}

/** A refused submission: the server's message (in the user's language) and the form field it names, if any. */
export class KycSubmitError extends Error {
  override name = 'KycSubmitError';

  constructor(
    message: string,
    readonly field?: KycFormField,
  ) {
    super(message);
  }
}
