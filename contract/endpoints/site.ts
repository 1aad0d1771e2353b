import { Type } from 'typebox';
import { endpoint } from '../endpoint';
import {
  Category,
  CategoryAddBody,
  CategoryFetchBody,
  CategoryFetchResult,
  CategoryListQuery,
  KeywordAddBody,
  KeywordAddResult,
  KeywordDelBody,
  KeywordList,
  KeywordListQuery,
  Site,
  SiteAddBody,
  SiteEditBody,
  SiteListQuery,
  SiteTestResult,
  SiteUser,
  SiteUsersQuery,
} from '../schemas/site';
import { Empty, IdBody, ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** Sites, their keywords, categories and users. */
export const siteEndpoints = {
  siteList: endpoint.get(ApiPath.siteList, { query: SiteListQuery, reply: ListOf(Site) }),
  siteAdd: endpoint.post(ApiPath.siteAdd, { body: SiteAddBody, reply: Site }),
  siteEdit: endpoint.put(ApiPath.siteEdit, { body: SiteEditBody, reply: Site }),
  siteDel: endpoint.delete(ApiPath.siteDel, { body: IdBody, reply: Empty }),
  siteTest: endpoint.post(ApiPath.siteTest, { body: IdBody, reply: SiteTestResult }),
  siteKeywordList: endpoint.get(ApiPath.siteKeywordList, { query: KeywordListQuery, reply: KeywordList }),
  siteKeywordAdd: endpoint.post(ApiPath.siteKeywordAdd, { body: KeywordAddBody, reply: KeywordAddResult }),
  siteKeywordImport: endpoint.post(ApiPath.siteKeywordImport, { reply: KeywordAddResult }),
  siteKeywordDel: endpoint.delete(ApiPath.siteKeywordDel, { body: KeywordDelBody, reply: Type.Object({ deleted: Type.Integer() }) }),
  siteCategoryList: endpoint.get(ApiPath.siteCategoryList, { query: CategoryListQuery, reply: ListOf(Category) }),
  siteCategoryAdd: endpoint.post(ApiPath.siteCategoryAdd, { body: CategoryAddBody, reply: Category }),
  siteCategoryFetch: endpoint.post(ApiPath.siteCategoryFetch, { body: CategoryFetchBody, reply: CategoryFetchResult }),
  siteUsers: endpoint.get(ApiPath.siteUsers, { query: SiteUsersQuery, reply: ListOf(SiteUser) }),
};
