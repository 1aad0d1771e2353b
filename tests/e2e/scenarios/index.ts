import type { Scenario } from '../harness';
import { articleTabsScenarios } from './articleTabs';
import { authenticatorScenarios } from './authenticator';
import { codeScenarios } from './codes';
import { contentEngineScenarios } from './contentEngine';
import { endedSessionScenarios } from './endedSession';
import { errorLogScenarios } from './errorLog';
import { layoutSettingsScenarios } from './layoutSettings';
import { loginScenarios } from './login';
import { preferenceScenarios } from './preferences';
import { qrLoginScenarios } from './qrLogin';
import { sessionExpiryScenarios } from './sessionExpiry';
import { shellScenarios } from './shell';
import { shellStateScenarios } from './shellState';
// issue 15
import { accessKeyScenarios } from './accessKeys';

export const scenarios: Scenario[] = [...loginScenarios, ...authenticatorScenarios, ...qrLoginScenarios, ...codeScenarios, ...endedSessionScenarios, ...sessionExpiryScenarios, ...preferenceScenarios, ...contentEngineScenarios, ...articleTabsScenarios, ...shellScenarios, ...layoutSettingsScenarios, ...errorLogScenarios, ...shellStateScenarios, /* issue 15 */ ...accessKeyScenarios];
