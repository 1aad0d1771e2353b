import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { CodeBatch, CodeBatchBody, PackageAddBody, PackageEditBody, TopupOrder, TopupPackage } from '../../../contract/schemas/topup';
import { http, type CallOptions, type Download } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { topupEndpoints } from '../../../contract/endpoints/topup';
import type { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import type { pointsEndpoints } from '../../../contract/endpoints/points';

/** Top-up, the account page's tables, spreadsheets and the dashboard. Forms show their own failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type Order = TopupOrder;
export type Package = TopupPackage;
export type Batch = Static<typeof CodeBatch>;

export const packageList = (all = false) =>
  http.get<ReplyOf<typeof topupEndpoints.topupPackages>>(ApiPath.topupPackages, all ? { all: true } : {});
export const packageAdd = (body: PackageAddBody) =>
  http.post<ReplyOf<typeof topupEndpoints.topupPackageAdd>>(ApiPath.topupPackageAdd, body, FORM);
export const packageEdit = (body: PackageEditBody) =>
  http.put<ReplyOf<typeof topupEndpoints.topupPackageEdit>>(ApiPath.topupPackageEdit, body, FORM);
export const packageDel = (id: number) => http.delete<ReplyOf<typeof topupEndpoints.topupPackageDel>>(ApiPath.topupPackageDel, { id });

export const orderCreate = (packageId: number) =>
  http.post<ReplyOf<typeof topupEndpoints.topupOrderCreate>>(ApiPath.topupOrderCreate, { package_id: packageId }, FORM);
export const orderList = (query: { page: number; page_size: number; status?: string; account_id?: number }) =>
  http.get<ReplyOf<typeof topupEndpoints.topupOrderList>>(ApiPath.topupOrderList, { ...query });
/** One order's state (back from the payment page). */
export const orderDetail = (id: number) =>
  http.get<ReplyOf<typeof topupEndpoints.topupOrderDetail>>(ApiPath.topupOrderDetail, { id }, FORM);
export const orderConfirm = (id: number) => http.post<ReplyOf<typeof topupEndpoints.topupOrderConfirm>>(ApiPath.topupOrderConfirm, { id });
export const orderFail = (id: number) => http.post<ReplyOf<typeof topupEndpoints.topupOrderFail>>(ApiPath.topupOrderFail, { id });

export const codeRedeem = (code: string) =>
  http.post<ReplyOf<typeof topupEndpoints.topupCodeRedeem>>(ApiPath.topupCodeRedeem, { code }, FORM);
export const codeGenerate = (body: CodeBatchBody) =>
  http.post<ReplyOf<typeof topupEndpoints.topupCodeGenerate>>(ApiPath.topupCodeGenerate, body, FORM);
export const codeBatches = (query: { page: number; page_size: number }) =>
  http.get<ReplyOf<typeof topupEndpoints.topupCodeBatches>>(ApiPath.topupCodeBatches, { ...query });

export const pointsGrant = (body: { account_id: number; delta: number; reason: string }) =>
  http.post<ReplyOf<typeof pointsEndpoints.pointsGrant>>(ApiPath.pointsGrant, body, FORM);

export const accountDomains = () => http.get<ReplyOf<typeof dashboardEndpoints.accountDomains>>(ApiPath.accountDomains);
export const dashboardAnalysis = (query: { account_id?: number }) =>
  http.get<ReplyOf<typeof dashboardEndpoints.dashboardAnalysis>>(ApiPath.dashboardAnalysis, { ...query });

/** Saves a downloaded file under the name the server gave it (Content-Disposition). */
export function saveDownload(file: Download) {
  const url = URL.createObjectURL(file.content);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const exportLedger = async (query: { reason?: string; date_from?: string; date_to?: string }) =>
  saveDownload(await http.download(ApiPath.pointsExport, { ...query }));
export const exportOrders = async () => saveDownload(await http.download(ApiPath.topupOrderExport));
export const exportCodes = async (batchId: number) => saveDownload(await http.download(ApiPath.topupCodeExport, { batch_id: batchId }));
