import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { UploadType } from '../../../contract/schemas/upload';
import type { ReplyOf } from '../../../contract/endpoint';
import type { uploadEndpoints } from '../../../contract/endpoints/upload';
import { http } from '../http';

/** Uploads one file (multipart: file and type, spec §3 "Upload payload"). */
export const upload = (file: Blob, type: Static<typeof UploadType>, filename?: string) =>
  http.upload<ReplyOf<typeof uploadEndpoints.upload>>(
    { file, data: { type }, ...(filename ? { filename } : {}) },
    undefined,
    ApiPath.upload,
  );
