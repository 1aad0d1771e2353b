import { endpoint } from '../endpoint';
import {
  AccessKey,
  AccessKeyAddBody,
  AccessKeyEditBody,
  AccessKeyList,
  AccessKeyListQuery,
  AccessKeyRotateBody,
  AccessKeyStatusBody,
  AccessKeyWithSecret,
  KeyLogExportQuery,
  KeyLogList,
  KeyLogQuery,
} from '../schemas/accessKey';
import { Empty, IdBody } from '../schemas/common';
import { ApiPath } from '../paths';

/** API access keys: list, add, edit, enable or disable, rotate, delete, and the key log. */
export const accessKeyEndpoints = {
  accessKeyList: endpoint.get(ApiPath.accessKeyList, { query: AccessKeyListQuery, reply: AccessKeyList }),
  accessKeyAdd: endpoint.post(ApiPath.accessKeyAdd, { body: AccessKeyAddBody, reply: AccessKeyWithSecret }),
  accessKeyEdit: endpoint.put(ApiPath.accessKeyEdit, { body: AccessKeyEditBody, reply: AccessKey }),
  accessKeyStatus: endpoint.post(ApiPath.accessKeyStatus, { body: AccessKeyStatusBody, reply: AccessKey }),
  accessKeyRotate: endpoint.post(ApiPath.accessKeyRotate, { body: AccessKeyRotateBody, reply: AccessKeyWithSecret }),
  accessKeyDel: endpoint.delete(ApiPath.accessKeyDel, { body: IdBody, reply: Empty }),
  accessKeyLogList: endpoint.get(ApiPath.accessKeyLogList, { query: KeyLogQuery, reply: KeyLogList }),
  accessKeyLogExport: endpoint.get(ApiPath.accessKeyLogExport, { query: KeyLogExportQuery }),
};
