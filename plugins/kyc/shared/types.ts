/** Wire types and paths of identity verification (KYC). */

export type KycStatus = 'submitted' | 'approved' | 'rejected';
export const KYC_STATUSES: readonly KycStatus[] = ['submitted', 'approved', 'rejected'];

/** The images of an application; "phone" (proof of the phone number) is optional. */
export type KycImage = 'front' | 'back' | 'hand' | 'phone';
export const KYC_REQUIRED_IMAGES: readonly KycImage[] = ['front', 'back', 'hand'];
export const KYC_IMAGES: readonly KycImage[] = [...KYC_REQUIRED_IMAGES, 'phone'];

/** The kernel upload purpose ("type" field) of KYC images. */
export const KYC_UPLOAD_PURPOSE = 'kyc';
export const UPLOAD_PATH = '/cgform-api/upload/file';

export const KYC_SUBMIT_PATH = '/coin/member/verified';
export const KYC_MINE_PATH = '/coin/member/getMemberOtherData/yhrzxx';
export const KYC_PUBLIC_CHECK_PATH = '/coin/open/getAuthentication';
export const KYC_QUEUE_PATH = '/console/kyc/applications';

export const REAL_NAME_MAX = 100;
export const ID_NUMBER_MIN = 4;
export const ID_NUMBER_MAX = 40;

/**
 * POST /coin/member/verified body. Each image is the id of an upload from POST /cgform-api/upload/file
 * (type "kyc"); the upload is consumed: re-encoded into the KYC store and removed from the upload area.
 */
export interface KycSubmission {
  realName: string;
  idNumber: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  front: string;
  back: string;
  hand: string;
  phone?: string;
}

/** What the member sees of their latest application. */
export interface KycApplicationView {
  status: KycStatus;
  /** The operator's reason of a rejection, else null. */
  reason: string | null;
  realName: string;
  /** "****1234": only the last four characters are kept. */
  idNumberMasked: string;
  country: string;
  submittedAt: string;
  reviewedAt: string | null;
}

/** GET /coin/open/getAuthentication answer: the same shape for every account, known or not. */
export interface KycAuthentication {
  authenticated: boolean;
}

/** A queue row of the operator console. */
export interface KycReviewItem extends KycApplicationView {
  id: string;
  memberId: string;
  /** Images present on this application. */
  images: KycImage[];
  operatorId: string | null;
}

export function kycImagePath(id: string, which: KycImage): string {
  return `${KYC_QUEUE_PATH}/${encodeURIComponent(id)}/image/${which}`;
}

export function maskIdNumber(last4: string): string {
  return `****${last4}`;
}

/** Route name of the member's KYC page, for links from other plugins (e.g. the account info page). */
export const KYC_ROUTE = 'kyc.center';
