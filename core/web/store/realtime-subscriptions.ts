import { reaction } from 'mobx';
import type { RealtimeClient, ShellRoot } from '../../plugin-api';
import type { Owned } from '../registry/registry';
import type { RealtimeContribution } from '../../plugin-api';

/**
 * Keeps each plugin topic subscribed while its topic resolves to a name. A topic computed from the root
 * (e.g. `refresh_${user.id}`) follows the observables it reads: it is dropped on logout and renewed on login.
 * Returns a function that drops every subscription.
 */
export function subscribePluginTopics(
  root: ShellRoot,
  realtime: RealtimeClient,
  contributions: Owned<RealtimeContribution>[],
): () => void {
  const disposers = contributions.map((contribution) => {
    let unsubscribe: (() => void) | null = null;
    const stopReaction = reaction(
      () => (typeof contribution.topic === 'function' ? contribution.topic(root) : contribution.topic),
      (topic) => {
        unsubscribe?.();
        unsubscribe = topic
          ? realtime.subscribe(topic, (payload) => {
              try {
                contribution.handle(payload, root);
              } catch (error) {
                console.error(`plugin "${contribution.pluginId}" failed to handle a message of "${topic}"`, error);
              }
            })
          : null;
      },
      { fireImmediately: true },
    );
    return () => {
      stopReaction();
      unsubscribe?.();
    };
  });
  return () => disposers.forEach((dispose) => dispose());
}
