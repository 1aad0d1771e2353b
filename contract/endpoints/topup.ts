import { endpoint } from '../endpoint';
import {
  CodeBatch,
  CodeBatchBody,
  CodeBatchQuery,
  CodeExportQuery,
  OrderCreateBody,
  OrderDetailQuery,
  OrderExportQuery,
  OrderListQuery,
  OrderNoteBody,
  PackageAddBody,
  PackageEditBody,
  PackageList,
  PackageListQuery,
  RedeemBody,
  Redeemed,
  RowIdBody,
  StripeWebhookHeaders,
  TopupOrder,
  TopupPackage,
  WebhookReceived,
} from '../schemas/topup';
import { Empty, ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** Top-up packages, orders (and Stripe's webhook), and redeem codes. */
export const topupEndpoints = {
  topupPackages: endpoint.get(ApiPath.topupPackages, { query: PackageListQuery, reply: PackageList }),
  topupPackageAdd: endpoint.post(ApiPath.topupPackageAdd, { body: PackageAddBody, reply: TopupPackage }),
  topupPackageEdit: endpoint.put(ApiPath.topupPackageEdit, { body: PackageEditBody, reply: TopupPackage }),
  topupPackageDel: endpoint.delete(ApiPath.topupPackageDel, { body: RowIdBody, reply: Empty }),
  topupOrderCreate: endpoint.post(ApiPath.topupOrderCreate, { body: OrderCreateBody, reply: TopupOrder }),
  topupOrderList: endpoint.get(ApiPath.topupOrderList, { query: OrderListQuery, reply: ListOf(TopupOrder) }),
  topupOrderDetail: endpoint.get(ApiPath.topupOrderDetail, { query: OrderDetailQuery, reply: TopupOrder }),
  topupStripeWebhook: endpoint.post(ApiPath.topupStripeWebhook, { headers: StripeWebhookHeaders, reply: WebhookReceived }),
  topupOrderExport: endpoint.get(ApiPath.topupOrderExport, { query: OrderExportQuery }),
  topupOrderConfirm: endpoint.post(ApiPath.topupOrderConfirm, { body: RowIdBody, reply: TopupOrder }),
  topupOrderFail: endpoint.post(ApiPath.topupOrderFail, { body: OrderNoteBody, reply: TopupOrder }),
  topupOrderRefund: endpoint.post(ApiPath.topupOrderRefund, { body: OrderNoteBody, reply: TopupOrder }),
  topupCodeRedeem: endpoint.post(ApiPath.topupCodeRedeem, { body: RedeemBody, reply: Redeemed }),
  topupCodeGenerate: endpoint.post(ApiPath.topupCodeGenerate, { body: CodeBatchBody, reply: CodeBatch }),
  topupCodeBatches: endpoint.get(ApiPath.topupCodeBatches, { query: CodeBatchQuery, reply: ListOf(CodeBatch) }),
  topupCodeExport: endpoint.get(ApiPath.topupCodeExport, { query: CodeExportQuery }),
};
