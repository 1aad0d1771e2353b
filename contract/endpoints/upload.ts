import { endpoint } from '../endpoint';
import { ApiPath } from '../paths';
import { UploadResult } from '../schemas/upload';

/** Uploads (a multipart form, read by the route itself): `upload2` is the same call under the second name the spec lists. */
export const uploadEndpoints = {
  upload: endpoint.post(ApiPath.upload, { reply: UploadResult }),
  upload2: endpoint.post(ApiPath.upload2, { reply: UploadResult }),
};
