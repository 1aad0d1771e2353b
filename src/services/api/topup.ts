import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type {
  CodeBatch,
  CodeBatchBody,
  OrderListQuery,
  PackageAddBody,
  PackageEditBody,
  TopupOrder,
  TopupPackage,
} from '../../../contract/schemas/topup';
import { http, type CallOptions, type Download } from '../http';

/** Top-up, the account page's tables, spreadsheets and the dashboard. Forms show their own failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export type Order = TopupOrder;
export type Package = TopupPackage;
export type Batch = Static<typeof CodeBatch>;

export const packageList = (all = false) => http.get(ApiPath.topupPackages, all ? { all: true } : {});
export const packageAdd = (body: PackageAddBody) => http.post(ApiPath.topupPackageAdd, body, FORM);
export const packageEdit = (body: PackageEditBody) => http.put(ApiPath.topupPackageEdit, body, FORM);
export const packageDel = (id: number) => http.delete(ApiPath.topupPackageDel, { id });

export const orderCreate = (packageId: number) => http.post(ApiPath.topupOrderCreate, { package_id: packageId }, FORM);
export const orderList = (query: OrderListQuery) => http.get(ApiPath.topupOrderList, { ...query });
/** One order's state (back from the payment page). */
export const orderDetail = (id: number) => http.get(ApiPath.topupOrderDetail, { id }, FORM);
export const orderConfirm = (id: number) => http.post(ApiPath.topupOrderConfirm, { id });
export const orderFail = (id: number) => http.post(ApiPath.topupOrderFail, { id });

export const codeRedeem = (code: string) => http.post(ApiPath.topupCodeRedeem, { code }, FORM);
export const codeGenerate = (body: CodeBatchBody) => http.post(ApiPath.topupCodeGenerate, body, FORM);
export const codeBatches = (query: { page: number; page_size: number }) => http.get(ApiPath.topupCodeBatches, { ...query });

export const pointsGrant = (body: { account_id: number; delta: number; reason: string }) => http.post(ApiPath.pointsGrant, body, FORM);

export const accountDomains = () => http.get(ApiPath.accountDomains);
export const dashboardAnalysis = (query: { account_id?: number }) => http.get(ApiPath.dashboardAnalysis, { ...query });

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
