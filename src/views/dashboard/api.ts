import { useLoad } from '../../app/useLoad';
import { articleList } from '../../services/api/article';
import { generationTaskList } from '../../services/api/generationTask';
import { providerGet } from '../../services/api/provider';
import { dashboardAnalysis } from '../../services/api/topup';

type AnalysisQuery = { account_id?: number };

/** The overview's figures and charts, loaded ahead at the click with its model notice's settings. */
export const analysisAhead = (query: AnalysisQuery) => [dashboardAnalysis(query), providerGet()];

/** The overview's figures and charts: the account's, or (the operator's) one account's. */
export const useAnalysis = (query: AnalysisQuery) => useLoad(dashboardAnalysis, query);

const LATEST = { page: 1, page_size: 5 };

/** The latest generation tasks and articles, loaded ahead at the click that opens the workbench. */
export const latestWorkAhead = () => [generationTaskList(LATEST), articleList(LATEST)];

export const useLatestTasks = () => useLoad(generationTaskList, LATEST);

export const useLatestArticles = () => useLoad(articleList, LATEST);
