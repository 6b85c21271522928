import { defineServerPlugin, notFoundError, PAGE_NUMBER_SCHEMA, pageOf, type ApiRequest, type Page, type ServerContext } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService, type MemberStatus } from '../../identity/shared/service';
import { KYC_SERVICE, type KycService } from '../../kyc/shared/service';
import { MEMBERS_PATH, type ConsoleMember, type ConsoleMemberDetail, type MemberQuery } from '../shared/types';

interface Services {
  identity: IdentityService;
  kyc: KycService;
}

const MEMBER_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]{1,19}$' } } };

/**
 * The services come from plugins this one does not list in dependsOn (see plugin.ts), so they are looked up
 * after every plugin registered; a missing one stops the start with the kernel's message naming it.
 */
function servicesOf(context: ServerContext): Services {
  return { identity: context.use<IdentityService>(IDENTITY_SERVICE), kyc: context.use<KycService>(KYC_SERVICE) };
}

export default defineServerPlugin({
  id: 'identity-console',
  register(registrar) {
    const { context } = registrar;
    let resolved: Services | undefined;
    const services = () => (resolved ??= servicesOf(context));
    const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
      context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });
    const findMember = async (id: string): Promise<ConsoleMember> => {
      const member = await services().identity.getMember(id);
      if (!member) throw notFoundError('id');
      return member;
    };

    registrar.route<Required<Pick<MemberQuery, 'page' | 'size'>> & MemberQuery, unknown, unknown, Page<ConsoleMember>>({
      method: 'GET',
      path: MEMBERS_PATH,
      auth: 'operator',
      permission: 'members.read',
      schema: {
        querystring: {
          type: 'object',
          properties: {
            search: { type: 'string', maxLength: 254 },
            status: { type: 'string', enum: ['active', 'frozen'] },
            page: PAGE_NUMBER_SCHEMA,
            size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
      },
      async handler(request) {
        const { status, page, size } = request.query;
        const search = request.query.search?.trim() || undefined;
        const { records, total } = await services().identity.searchMembers({ search, status, page, size });
        await audit(request, 'member.search', `search=${search ?? ''};status=${status ?? 'all'}`, undefined, { page, size, total });
        return pageOf(records, total, size, page);
      },
    });

    registrar.route<unknown, unknown, { id: string }, ConsoleMemberDetail>({
      method: 'GET',
      path: `${MEMBERS_PATH}/{id}`,
      auth: 'operator',
      permission: 'members.read',
      schema: { params: MEMBER_PARAMS },
      async handler(request) {
        const member = await findMember(request.params.id);
        const kyc = await services().kyc.latestFor(member.id);
        await audit(request, 'member.view', `member:${member.id}`);
        return { member, kyc };
      },
    });

    const setStatus = (action: 'freeze' | 'unfreeze', status: MemberStatus) =>
      registrar.route<unknown, unknown, { id: string }, ConsoleMember>({
        method: 'POST',
        path: `${MEMBERS_PATH}/{id}/${action}`,
        auth: 'operator',
        permission: 'members.freeze',
        schema: { params: MEMBER_PARAMS },
        async handler(request) {
          const before = await findMember(request.params.id);
          await services().identity.setStatus(before.id, status);
          const after = await findMember(before.id);
          await audit(request, `member.${action}`, `member:${before.id}`, { status: before.status }, { status: after.status });
          return after;
        },
      });
    setStatus('freeze', 'frozen');
    setStatus('unfreeze', 'active');
  },
  async bootstrap(context) {
    servicesOf(context);
  },
});
