import type { ActorRef, Snapshot } from 'xstate';
import type { RequestEvent } from '../../machines/request.machine';

type RequestActor = ActorRef<Snapshot<unknown>, RequestEvent>;

/**
 * The requests under way: all of them can be cancelled (route change, spec §2), and a request sent
 * again with the same duplicate key (method and URL, spec §7) supersedes the earlier one.
 */
export function createPendingRequests() {
  const all = new Set<RequestActor>();
  const byKey = new Map<string, RequestActor>();
  return {
    track(actor: RequestActor, duplicateKey: string | null): void {
      if (duplicateKey !== null) {
        byKey.get(duplicateKey)?.send({ type: 'REQUEST.SUPERSEDED' });
        byKey.set(duplicateKey, actor);
      }
      all.add(actor);
    },
    release(actor: RequestActor, duplicateKey: string | null): void {
      all.delete(actor);
      if (duplicateKey !== null && byKey.get(duplicateKey) === actor) byKey.delete(duplicateKey);
    },
    cancelAll(): void {
      for (const actor of [...all]) actor.send({ type: 'REQUEST.CANCEL' });
    },
    get size(): number {
      return all.size;
    },
  };
}
