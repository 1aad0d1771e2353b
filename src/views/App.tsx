import { ChakraProvider } from '@chakra-ui/react';
import { Router } from 'wouter';
import { useMachineLocation } from '../app/AppActorProvider';
import { system } from '../components/theme/system';
import { Toaster } from '../components/feedback/Toaster';
import { DocumentTitle } from './app/DocumentTitle';
import { Favicon } from './app/Favicon';
import { LocaleSync } from './app/LocaleSync';
import { NavigationProgress } from './app/NavigationProgress';
import { ProjectConfigEffects } from './app/ProjectConfigEffects';
import { AppRoutes } from './AppRoutes';
import { Notifications } from './layout/Notifications';
import { SessionTimeoutGate } from './layout/SessionTimeoutGate';

/**
 * The console inside an app actor (see src/start.tsx): the design system, the router on the
 * navigation machine's location, the pages, and what shows above them.
 */
export function App() {
  return (
    <ChakraProvider value={system}>
      <LocaleSync />
      <DocumentTitle />
      <Favicon />
      <NavigationProgress />
      <ProjectConfigEffects />
      <Router hook={useMachineLocation}>
        <AppRoutes />
        <SessionTimeoutGate />
        <Notifications />
      </Router>
      <Toaster />
    </ChakraProvider>
  );
}
