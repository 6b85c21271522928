// The payment-method calls of the account center, through the shell's HTTP client.
import type { ShellRoot } from '../../../../core/plugin-api';
import { ACCOUNT_CENTER_PATHS, type PaymentBody, type PaymentMethod } from '../../shared/types';

type Root = Pick<ShellRoot, 'http'>;

export const UPLOAD_PATH = '/cgform-api/upload/file';

export function loadPayments(root: Root): Promise<PaymentMethod[]> {
  return root.http.get<PaymentMethod[]>(ACCOUNT_CENTER_PATHS.payments);
}

export function savePayment(root: Root, body: PaymentBody, id?: string): Promise<PaymentMethod> {
  const path = id === undefined ? ACCOUNT_CENTER_PATHS.payment : `${ACCOUNT_CENTER_PATHS.payment}/${encodeURIComponent(id)}`;
  return root.http.post<PaymentMethod>(path, body);
}

export function deletePayment(root: Root, id: string): Promise<null> {
  return root.http.post<null>(`${ACCOUNT_CENTER_PATHS.payment}/${encodeURIComponent(id)}/delete`);
}

/** Uploads a QR image through the kernel's upload endpoint; resolves to the link the form stores. */
export async function uploadQrImage(root: Root, file: File): Promise<string> {
  const form = new FormData();
  form.append('type', 'payment-qr');
  form.append('file', file);
  const answer = await root.http.upload<{ link: string }>(UPLOAD_PATH, form);
  return answer.link;
}
