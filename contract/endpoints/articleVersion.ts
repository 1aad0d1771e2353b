import { endpoint } from '../endpoint';
import {
  ArticleVersionDetail,
  ArticleVersionList,
  ArticleVersionListQuery,
  ArticleVersionQuery,
  ArticleVersionRestoreBody,
} from '../schemas/articleVersion';
import { ArticleDetail } from '../schemas/article';
import { ApiPath } from '../paths';

/** An article's saved versions: list, one version, and restoring one. */
export const articleVersionEndpoints = {
  articleVersionList: endpoint.get(ApiPath.articleVersionList, { query: ArticleVersionListQuery, reply: ArticleVersionList }),
  articleVersionDetail: endpoint.get(ApiPath.articleVersionDetail, { query: ArticleVersionQuery, reply: ArticleVersionDetail }),
  articleVersionRestore: endpoint.post(ApiPath.articleVersionRestore, { body: ArticleVersionRestoreBody, reply: ArticleDetail }),
};
