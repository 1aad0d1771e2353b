import { lazy, Suspense, useEffect } from 'react';
import { Flex } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Route, Switch } from 'wouter';
import { useAppActor, useNavigationActor, useSessionActor } from '../app/AppActorProvider';
import { PageLoading } from '../components/feedback/PageLoading';
import { withConsoleTheme } from '../components/theme/withConsoleTheme';
import { ConsolePath } from '../../contract/consolePaths';
import { LoadsAhead, LoginPage, SignedInShell, prefetchSignedIn } from './firstScreen';

// Index.html preloads the login page; src/main.tsx may have asked for the shell (see ./firstScreen).
// Every chunk but the login page's brings the rest of Chakra's recipes (components/theme/consoleTheme).
// The pages' code is found by the page registry, which comes with the signed-in shell.
const codeAt = (path: string) => () => import('./pageRegistry').then((registry) => registry.codeAt(path)());
const ExceptionPage = lazy(withConsoleTheme(codeAt(ConsolePath.exception)));
const ApiDocPage = lazy(withConsoleTheme(codeAt(ConsolePath.apiDoc)));
// The gates, kept out of the first load: only a reset password, or an authenticator the operator requires, opens one.
const PasswordChangeRequired = lazy(
  withConsoleTheme(() => import('./layout/PasswordChangeRequired').then((module) => ({ default: module.PasswordChangeRequired }))),
);
const AuthenticatorBindingRequired = lazy(
  withConsoleTheme(() =>
    import('./layout/AuthenticatorBindingRequired').then((module) => ({ default: module.AuthenticatorBindingRequired })),
  ),
);

/** The login page; once it is drawn (its effects run with it, inside the same Suspense), the shell is loaded ahead. */
function LoginScreen() {
  useEffect(() => prefetchSignedIn(), []);
  return <LoginPage />;
}

/**
 * The top-level routes, and the pages' loads ahead once the shell's actors run (a sign-in finishing
 * on the login page, or a stored session).
 */
export function AppRoutes() {
  const shellStarted = useSelector(useAppActor(), (state) => state.context.shellStarted);
  return (
    <>
      {shellStarted && (
        <Suspense fallback={null}>
          <LoadsAhead />
        </Suspense>
      )}
      <Screens />
    </>
  );
}

/** /login stands alone; every other page sits in the signed-in shell. */
function Screens() {
  const session = useSessionActor();
  const navigation = useNavigationActor();
  const hasUser = useSelector(session, (state) => state.context.user !== null);
  // Nothing renders until the navigation machine has committed its first location (its guards ran).
  const started = useSelector(navigation, (state) => state.context.location !== '');
  // A reset password is changed before anything else opens (the navigation waits for it).
  const mustChangePassword = useSelector(session, (state) => state.hasTag('passwordChangeRequired'));
  // So is an authenticator the operator requires bound (spec §2 /login's binding form).
  const mustBindAuthenticator = useSelector(session, (state) => state.hasTag('authenticatorBindingRequired'));
  if (mustChangePassword || mustBindAuthenticator)
    return (
      <Suspense fallback={<PageLoading minH="100vh" />}>
        {mustChangePassword ? <PasswordChangeRequired /> : <AuthenticatorBindingRequired />}
      </Suspense>
    );
  if (!started) return <PageLoading minH="100vh" />;
  const loginScreen = <LoginScreen />;
  return (
    <Switch>
      <Route path={ConsolePath.login}>
        {/* Loaded (as on a page load, src/prepareConsole), it needs no Suspense boundary: on the
            prerendered page React hydrates a boundary's content in a pass of its own, at
            its lowest priority, after the rest; without one the form answers with the page. */}
        {LoginPage.isLoaded() ? loginScreen : <Suspense fallback={<PageLoading minH="100vh" />}>{loginScreen}</Suspense>}
      </Route>
      {!hasUser && (
        // Exception pages need no login (spec §2); without a user they show without the shell.
        <Route path={ConsolePath.exception}>
          <Suspense fallback={<PageLoading minH="100vh" />}>
            <ExceptionPage />
          </Suspense>
        </Route>
      )}
      {!hasUser && (
        // So do the docs (spec §2 guard 2): a visitor gets them filling the window, not an empty shell.
        <Route path={ConsolePath.apiDoc}>
          <Suspense fallback={<PageLoading minH="100vh" />}>
            <Flex direction="column" h="100dvh" p={{ base: '3', md: '4' }}>
              <ApiDocPage />
            </Flex>
          </Suspense>
        </Route>
      )}
      <Route>
        <Suspense fallback={<PageLoading minH="100vh" />}>
          <SignedInShell />
        </Suspense>
      </Route>
    </Switch>
  );
}
