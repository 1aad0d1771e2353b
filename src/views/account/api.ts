import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import type { ListQuery } from '../../machines/list.machine';
import { pointsList } from '../../services/api/points';
import { subAccountList, userSessions } from '../../services/api/system';
import {
  accountDomains,
  codeBatches,
  codeGenerate,
  exportCodes,
  exportLedger,
  exportOrders,
  orderConfirm,
  orderDetail,
  orderFail,
  orderList,
  packageAdd,
  packageDel,
  packageEdit,
  packageList,
  pointsGrant,
  type Batch,
  type Order,
  type Package,
} from '../../services/api/topup';

export type { Batch, Order, Package };

const NO_INPUT = 0;

/** The points ledger, a page at a time, by reason and dates. */
export const ledgerRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) =>
    pointsList({
      page,
      page_size,
      reason: filters.reason as string | undefined,
      date_from: filters.date_from as string | undefined,
      date_to: filters.date_to as string | undefined,
    }),
};

/** The ledger as a file, filtered like the table. */
export const useLedgerDownload = () => useCall(exportLedger);

/** The balance and the prices come with any page of the ledger. */
const FIRST_ENTRY = { page: 1, page_size: 1 };

/** The balance card's figures, loaded ahead at the click that opens the account page. */
export const balanceAhead = () => pointsList(FIRST_ENTRY);

/** The balance and the prices; `reload` asks again (when points were credited). */
export const useBalance = () => {
  const load = useLoad(pointsList, FIRST_ENTRY);
  return { ...load, reload: () => load.submit(FIRST_ENTRY) };
};

/** The account's top-up orders, a page at a time. */
export const orderRows = { fetchPage: ({ page, page_size }: ListQuery) => orderList({ page, page_size }) };

/** The account's top-up orders as a file. */
export const useOrdersDownload = () => useCall(exportOrders);

/** One order, back from the payment page. */
export const useOrder = (id: number, handlers?: HandlersOf<typeof orderDetail>) => useLoad(orderDetail, id, handlers);

export const useAccountDomains = () => useLoad(accountDomains, NO_INPUT);

export const useSignedInSessions = () => useLoad(userSessions, NO_INPUT);

const ALL = true;

/** Every package, the retired ones too (the operator's); `reload` asks again after a change. */
export const usePackages = () => {
  const load = useLoad(packageList, ALL);
  return { ...load, reload: () => load.submit(ALL) };
};

export const useAddPackage = (handlers?: HandlersOf<typeof packageAdd>) => useCall(packageAdd, handlers);

export const useEditPackage = (handlers?: HandlersOf<typeof packageEdit>) => useCall(packageEdit, handlers);

export const useDeletePackage = (handlers?: HandlersOf<typeof packageDel>) => useCall(packageDel, handlers);

/** The batches of recharge codes, a page at a time. */
export const batchRows = { fetchPage: ({ page, page_size }: ListQuery) => codeBatches({ page, page_size }) };

export const useGenerateCodes = (handlers?: HandlersOf<typeof codeGenerate>) => useCall(codeGenerate, handlers);

const downloadCodes = (batch: Batch) => exportCodes(batch.id);

/** A batch's recharge codes as a file. */
export const useCodesDownload = () => useCall(downloadCodes);

/** The orders waiting for the operator, a page at a time. */
export const pendingOrderRows = { fetchPage: ({ page, page_size }: ListQuery) => orderList({ page, page_size, status: 'pending' }) };

export const useConfirmOrder = (handlers?: HandlersOf<typeof orderConfirm>) => useCall(orderConfirm, handlers);

export const useFailOrder = (handlers?: HandlersOf<typeof orderFail>) => useCall(orderFail, handlers);

/** The accounts by name, to find whose balance a grant moves. */
export const useFindAccount = (handlers?: HandlersOf<typeof subAccountList>) => useCall(subAccountList, handlers);

export const useGrantPoints = (handlers?: HandlersOf<typeof pointsGrant>) => useCall(pointsGrant, handlers);
