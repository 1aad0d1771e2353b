import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { logout } from '../services/api/auth';
import type { LoginResult } from '../../contract/schemas/auth';
import { operatorReturnOf, returnToOperator, switchToUser, type OperatorReturn } from '../services/session/operatorSession';
import { webCache } from '../services/webCache';
import { useAppActor, useSessionActor } from './AppActorProvider';
import { ConsolePath } from '../../contract/consolePaths';

/** Where "Return to my account" leads: the accounts list the operator left from. */
export const OPERATOR_RETURN_PATH = ConsolePath.subAccounts;
const load = (path: string) => window.location.assign(path);

/**
 * The operator signs in as a user and back. `signedInAs` is what the banner shows while
 * the console runs on a user's session the operator started; null otherwise.
 */
export function useOperatorSession() {
  const app = useAppActor();
  const session = useSessionActor();
  const token = useSelector(session, (state) => state.context.token);
  const username = useSelector(session, (state) => state.context.user?.username ?? '');
  const [signedInAs] = useState<OperatorReturn | null>(() => operatorReturnOf(webCache));
  const [busy, setBusy] = useState(false);

  /** Moves this console to the user's session the server started for the operator (POST sign_in_as). */
  const enter = (login: Pick<LoginResult, 'token' | 'username'>) => {
    if (!token) return;
    app.stop();
    switchToUser(webCache, login.token, { token, operator: username, user: login.username }, load);
  };

  /** Ends the user's session and goes back to the operator's own, without a new login. */
  const returnToMine = async () => {
    setBusy(true);
    // Ended if the server can be reached; the operator's console opens either way.
    await logout().catch(() => undefined);
    // Nothing of this console may touch the stored session any more (a late 401 would clear it).
    app.stop();
    returnToOperator(webCache, OPERATOR_RETURN_PATH, load);
  };

  return { signedInAs, busy, enter, returnToMine };
}
