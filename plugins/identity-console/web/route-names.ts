export const MEMBERS_ROUTE = 'identity-console.members';
export const KYC_QUEUE_ROUTE = 'identity-console.kyc';
export const RETURN_APPLIES_ROUTE = 'identity-console.return-applies';
export const MAILBOX_ROUTE = 'identity-console.mailbox';
