import { defineServerPlugin, type ServerContext, type ServerPlugin } from '../../../core/server';
import { IDENTITY_MIGRATIONS } from './migrations';
import { OutboxSender, transportsFromEnvironment, type Transports } from './outbox';
import type { Argon2Cost } from './password-hashing';
import { registerIdentityRoutes } from './routes';
import { IDENTITY_SERVICE } from '../shared/service';
import { createIdentityService } from './service';

export { latestCodeFor, listMailbox, type Transport, type Transports } from './outbox';
export { MEMBER_PASSWORD_COST, type Argon2Cost } from './password-hashing';
export type { AccessTokenIssuer } from './oauth';
export { createIdentityService } from './service';

export interface IdentityServerOptions {
  /** Real delivery channels; default: SMTP when SMTP_URL is set, otherwise everything stays in the development mailbox. */
  transports?: Transports;
  /** argon2id cost of new password hashes; default MEMBER_PASSWORD_COST. */
  passwordCost?: Argon2Cost;
}

/** The identity server part. One instance may serve several servers in a process (tests): state is per context. */
export function createIdentityServer(options: IdentityServerOptions = {}): ServerPlugin {
  const senders = new Map<ServerContext, OutboxSender>();
  return defineServerPlugin({
    id: 'identity',
    migrations: IDENTITY_MIGRATIONS,
    register(registrar) {
      const { context } = registrar;
      const sender = new OutboxSender(context.db, options.transports ?? transportsFromEnvironment(), context);
      senders.set(context, sender);
      registrar.provide(IDENTITY_SERVICE, createIdentityService(context, { passwordCost: options.passwordCost, kick: () => void sender.kick() }));
      registerIdentityRoutes(registrar, {
        issue: (principal) => {
          const { token, claims } = context.issueAccessToken(principal);
          return { token, expiresIn: claims.exp - claims.iat };
        },
        sender,
        passwordCost: options.passwordCost,
      });
    },
    async bootstrap(context) {
      senders.get(context)?.start();
    },
    async close() {
      const running = [...senders.values()];
      senders.clear();
      await Promise.all(running.map((sender) => sender.stop()));
    },
  });
}

export default createIdentityServer();
