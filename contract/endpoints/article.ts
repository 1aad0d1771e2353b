import { endpoint } from '../endpoint';
import {
  ArticleAddBody,
  ArticleCode,
  ArticleCodeQuery,
  ArticleDetail,
  ArticleDetailQuery,
  ArticleEditBody,
  ArticleImportBody,
  ArticleList,
  ArticleListQuery,
} from '../schemas/article';
import { Empty, IdBody } from '../schemas/common';
import { ApiPath } from '../paths';

/** Articles: list, detail, add, edit, delete, import and the code that embeds one. */
export const articleEndpoints = {
  articleList: endpoint.get(ApiPath.articleList, { query: ArticleListQuery, reply: ArticleList }),
  articleDetail: endpoint.get(ApiPath.articleDetail, { query: ArticleDetailQuery, reply: ArticleDetail }),
  articleAdd: endpoint.post(ApiPath.articleAdd, { body: ArticleAddBody, reply: ArticleDetail }),
  articleEdit: endpoint.put(ApiPath.articleEdit, { body: ArticleEditBody, reply: ArticleDetail }),
  articleDel: endpoint.delete(ApiPath.articleDel, { body: IdBody, reply: Empty }),
  articleImport: endpoint.post(ApiPath.articleImport, { body: ArticleImportBody, reply: ArticleDetail }),
  articleCode: endpoint.get(ApiPath.articleCode, { query: ArticleCodeQuery, reply: ArticleCode }),
};
