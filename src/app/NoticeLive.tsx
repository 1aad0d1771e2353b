import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { noticeMachine } from '../machines/notice.machine';
import { noticePoll, noticeStream } from '../services/notice/live';

const live = noticeMachine.provide({ actors: { stream: noticeStream, poll: noticePoll } });
export type NoticeActor = ReturnType<typeof useActorRef<typeof live>>;

const NoticeContext = createContext<NoticeActor | null>(null);

/**
 * Runs the `notice` machine while the signed-in shell is mounted: the header bell's
 * unread count, live over the server's event stream, polling when that fails. Unmounting (logout)
 * stops it and closes the stream.
 */
export function NoticeLiveProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(live, { input: {} });
  useEffect(() => {
    actor.send({ type: 'NOTICE.START' });
    return () => actor.send({ type: 'NOTICE.STOP' });
  }, [actor]);
  return <NoticeContext.Provider value={actor}>{children}</NoticeContext.Provider>;
}

/** The live notice actor, or null outside the signed-in shell. */
export const useNoticeActor = () => useContext(NoticeContext);
