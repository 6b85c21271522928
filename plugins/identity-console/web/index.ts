import { defineWebPlugin } from '../../../core/plugin-api';
import { consoleMenu, consolePage } from '../../console-core/shared/types';
import { KYC_QUEUE_ROUTE, MAILBOX_ROUTE, MEMBERS_ROUTE, RETURN_APPLIES_ROUTE } from './route-names';

export default defineWebPlugin({
  id: 'identity-console',
  routes: [
    consolePage(MEMBERS_ROUTE, '/identity/members', () => import('./pages/MembersPage')),
    consolePage(KYC_QUEUE_ROUTE, '/identity/kyc', () => import('./pages/KycQueuePage')),
    consolePage(RETURN_APPLIES_ROUTE, '/identity/return-applies', () => import('./pages/ReturnAppliesPage')),
    consolePage(MAILBOX_ROUTE, '/identity/mailbox', () => import('./pages/MailboxPage')),
  ],
  menus: [
    consoleMenu({ id: 'identity-console.members', order: 10, titleKey: 'identity-console:menuMembers', route: MEMBERS_ROUTE, permission: 'members.read' }),
    consoleMenu({ id: 'identity-console.kyc', order: 20, titleKey: 'identity-console:menuKyc', route: KYC_QUEUE_ROUTE, permission: 'kyc.review' }),
    consoleMenu({ id: 'identity-console.returns', order: 30, titleKey: 'identity-console:menuReturns', route: RETURN_APPLIES_ROUTE, permission: 'returns.process' }),
    consoleMenu({ id: 'identity-console.mailbox', order: 40, titleKey: 'identity-console:menuMailbox', route: MAILBOX_ROUTE, permission: 'mailbox.read' }),
  ],
  locales: (language) => import(`../../../locales/${language}/identity-console.json`),
});
