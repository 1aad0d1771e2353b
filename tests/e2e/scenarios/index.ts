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
import { publishingScenarios } from './publishing';
// An article's life on its site: published and verified, refreshed in place, its versions compared and restored.
import { publishingRefreshScenarios } from './publishingRefresh';
// The site's internal links dialog: orphans, broken links, links added to older posts and their undo.
import { internalLinkScenarios } from './internalLinks';
import { topupScenarios } from './topup';
import { accessKeyScenarios } from './accessKeys';
import { noticeScenarios } from './notices';
// Roles, menus and access entries.
import { systemsAdminScenarios } from './systemsAdmin';
import { subaccountWriterScenarios } from './subaccountWriter';
// A role's menu taken away, the operator signing in as a user.
import { operatorAccessScenarios } from './operatorAccess';
// The first screen.
import { firstScreenScenarios } from './firstScreen';
// Every menu page opened from the address bar.
import { addressBarScenarios } from './addressBar';
// Every dialog, drawer and tab, and the operator's pages, in Chinese words.
import { chineseWordsScenarios } from './chineseWords';
// WCAG A and AA on every page, both themes.
import { accessibilityScenarios } from './accessibility';
// The dashboard's modals, avatars, the settings page and layout modes.
import { dashboardModalScenarios } from './dashboardModals';

/**
 * Every browser scenario in two lanes, each run in its order against servers of its own (see
 * ../run.ts): the browser tests mostly wait, so two lanes at once take about 60 % of the time. A
 * lane keeps its scenarios' order; the cut is between sections, near the middle of the time they
 * take. One line per section, so a new section appends one to the shorter lane.
 */
export const scenarioLanes: Scenario[][] = [
  [
    ...loginScenarios,
    ...authenticatorScenarios,
    ...qrLoginScenarios,
    ...codeScenarios,
    ...endedSessionScenarios,
    ...sessionExpiryScenarios,
    ...preferenceScenarios,
    ...contentEngineScenarios,
    ...shellScenarios,
    ...layoutSettingsScenarios,
    ...shellStateScenarios,
    ...addressBarScenarios,
    ...chineseWordsScenarios,
    ...publishingRefreshScenarios,
    ...internalLinkScenarios,
  ],
  [
    ...publishingScenarios,
    ...topupScenarios,
    ...accessKeyScenarios,
    ...noticeScenarios,
    ...systemsAdminScenarios,
    ...subaccountWriterScenarios,
    ...operatorAccessScenarios,
    ...errorLogScenarios,
    ...articleTabsScenarios,
    ...dashboardModalScenarios,
    // The first screen.
    ...firstScreenScenarios,
    ...accessibilityScenarios,
  ],
];

/** Every browser scenario, lane after lane. */
export const scenarios: Scenario[] = scenarioLanes.flat();
