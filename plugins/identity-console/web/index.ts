import { defineWebPlugin, type RouteContribution } from '../../../core/plugin-api';
import { operatorCan } from '../../console-core/shared/types';
import { KYC_QUEUE_ROUTE, MAILBOX_ROUTE, MEMBERS_ROUTE, RETURN_APPLIES_ROUTE } from './route-names';

const consolePage = (name: string, path: string, page: RouteContribution['page']): RouteContribution => ({
  name,
  path,
  page,
  layout: 'bare',
  section: 'console.side',
});

export default defineWebPlugin({
  id: 'identity-console',
  routes: [
    consolePage(MEMBERS_ROUTE, '/identity/members', () => import('./pages/MembersPage')),
    consolePage(KYC_QUEUE_ROUTE, '/identity/kyc', () => import('./pages/KycQueuePage')),
    consolePage(RETURN_APPLIES_ROUTE, '/identity/return-applies', () => import('./pages/ReturnAppliesPage')),
    consolePage(MAILBOX_ROUTE, '/identity/mailbox', () => import('./pages/MailboxPage')),
  ],
  menus: [
    { id: 'identity-console.members', slot: 'console.side', order: 10, titleKey: 'identity-console:menuMembers', route: MEMBERS_ROUTE, visible: operatorCan('members.read') },
    { id: 'identity-console.kyc', slot: 'console.side', order: 20, titleKey: 'identity-console:menuKyc', route: KYC_QUEUE_ROUTE, visible: operatorCan('kyc.review') },
    { id: 'identity-console.returns', slot: 'console.side', order: 30, titleKey: 'identity-console:menuReturns', route: RETURN_APPLIES_ROUTE, visible: operatorCan('returns.process') },
    { id: 'identity-console.mailbox', slot: 'console.side', order: 40, titleKey: 'identity-console:menuMailbox', route: MAILBOX_ROUTE, visible: operatorCan('mailbox.read') },
  ],
  locales: (language) => import(`../../../locales/${language}/identity-console.json`),
});
