import { Toast } from '@douyinfe/semi-ui-19';
import type { ShellRoot } from '../../../../core/plugin-api';
import type { MemberCodeType } from '../../shared/types';
import { sendMemberCode, type CodeTarget } from './security-api';

/**
 * Sends a code and says so; answers the seconds until the next one may be asked for, or null when
 * none went out (the shell has shown the server's reason, e.g. "wait a minute").
 */
export async function sendCodeWithToast(
  root: Pick<ShellRoot, 'http'>,
  t: (key: string, options?: Record<string, unknown>) => string,
  target: CodeTarget,
  type: MemberCodeType,
): Promise<number | null> {
  try {
    const sent = await sendMemberCode(root, target, type);
    Toast.success(t('register.codeSent', { minutes: sent.expiresInMinutes }));
    return sent.resendAfter;
  } catch {
    return null;
  }
}
