import type { AccessKey } from '../../../contract/schemas/accessKey';
import { useCall, type HandlersOf } from '../../app/useCall';
import type { ListQuery } from '../../machines/list.machine';
import {
  accessKeyAdd,
  accessKeyDel,
  accessKeyList,
  accessKeyRotate,
  accessKeyStatus,
  keyLogExport,
  keyLogList,
  type KeyLogFilters,
} from '../../services/api/accessKey';

/** The account's keys, a page at a time; a removed row is a deleted key. */
export const keyRows = {
  fetchPage: ({ page, page_size }: { page: number; page_size: number }) => accessKeyList({ page, page_size }),
  removeRow: (key: AccessKey) => accessKeyDel(key.id),
};

/** The calls made with each key, filtered by the log's filters. */
export const keyLogRows = {
  fetchPage: ({ page, page_size, filters }: ListQuery) => keyLogList({ page, page_size, ...(filters as KeyLogFilters) }),
};

export type { KeyLogFilters };

const setKeyDisabled = ({ key, disabled }: { key: AccessKey; disabled: boolean }) => accessKeyStatus(key.id, disabled);

/** Turns a key off or on; it answers the key as it now is. */
export const useKeyDisabled = (handlers?: HandlersOf<typeof setKeyDisabled>) => useCall(setKeyDisabled, handlers);

/** The key log as a file, filtered like the table. */
export const useKeyLogDownload = (handlers?: HandlersOf<typeof keyLogExport>) => useCall(keyLogExport, handlers);

const rotate = ({ id, grace }: { id: number; grace: number }) => accessKeyRotate(id, grace);

export const useCreateKey = (handlers?: HandlersOf<typeof accessKeyAdd>) => useCall(accessKeyAdd, handlers);

export const useRotateKey = (handlers?: HandlersOf<typeof rotate>) => useCall(rotate, handlers);
