import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { UploadResult, UploadType } from '../../../contract/schemas/upload';
import { http } from '../http';

/** Uploads one file (multipart: file and type, spec §3 "Upload payload"). */
export const upload = (file: Blob, type: Static<typeof UploadType>, filename?: string) =>
  http.upload<UploadResult>({ file, data: { type }, ...(filename ? { filename } : {}) }, undefined, ApiPath.upload);
