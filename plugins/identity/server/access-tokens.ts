import type { Principal, ServerContext } from '../../../core/server';
import type { AccessTokenIssuer } from './oauth';

/**
 * What the plugin needs from the kernel to sign access tokens with the kernel's secret: the kernel
 * verifies every Blade-Auth token statelessly with that secret, so only it can issue them.
 */
interface KernelTokenIssuing {
  issueAccessToken(principal: Principal, options?: { lifetimeSeconds?: number }): { token: string; claims: { iat: number; exp: number } };
}

function hasTokenIssuing(context: ServerContext): context is ServerContext & KernelTokenIssuing {
  return typeof (context as Partial<KernelTokenIssuing>).issueAccessToken === 'function';
}

/** The kernel's issuer from the server context; fails fast, naming what is missing, when it has none. */
export function kernelTokenIssuer(context: ServerContext): AccessTokenIssuer {
  if (!hasTokenIssuing(context)) {
    throw new Error('plugin "identity" needs ServerContext.issueAccessToken(principal) from the kernel to sign access tokens');
  }
  return (principal) => {
    const { token, claims } = context.issueAccessToken(principal);
    return { token, expiresIn: claims.exp - claims.iat };
  };
}
