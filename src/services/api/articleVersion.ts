import { ApiPath } from '../../../contract/paths';
import type { ArticleVersionQuery, ArticleVersionRestoreBody } from '../../../contract/schemas/articleVersion';
import { http, type CallOptions } from '../http';

/** An article's kept texts: the list, one compared with the current text, and bringing one back. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

/** The newest 100 (`article_id` only is sent: the caller may add what makes it load again). */
export const articleVersionList = ({ article_id }: { article_id: number }) =>
  http.get(ApiPath.articleVersionList, { article_id, page: 1, page_size: 100 });
export const articleVersionDetail = (query: Omit<ArticleVersionQuery, '_t'>) => http.get(ApiPath.articleVersionDetail, { ...query }, QUIET);
export const articleVersionRestore = (body: ArticleVersionRestoreBody) => http.post(ApiPath.articleVersionRestore, body, QUIET);
