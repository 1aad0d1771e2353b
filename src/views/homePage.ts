import { lazyPage } from '../components/feedback/lazyPage';
import { withPacks } from '../i18n/withPacks';

/**
 * The page signing in leads to unless a redirect says otherwise (PagePath.BASE_HOME: the dashboard),
 * drawn in the shell (LayoutPages); declared outside the shell's chunk so that it loads beside the
 * shell, not after it. Its packs
 * come with it: opened from the address bar, it was drawn before them, and kept its keys.
 */
export const HomePage = lazyPage(withPacks(['dashboard', 'model'], () => import('./dashboard/analysis/AnalysisPage')));
