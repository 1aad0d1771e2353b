import type { Scenario } from '../harness';
import { authenticatorScenarios } from './authenticator';
import { loginScenarios } from './login';
import { preferenceScenarios } from './preferences';
import { sessionExpiryScenarios } from './sessionExpiry';

export const scenarios: Scenario[] = [...loginScenarios, ...authenticatorScenarios, ...sessionExpiryScenarios, ...preferenceScenarios];
