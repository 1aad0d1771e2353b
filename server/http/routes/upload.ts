import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { uploadEndpoints } from '../../../contract/endpoints/upload';
import { acceptUpload, discardFile, receiveFile, type ReceivedFile } from '../../domain/system/uploads';
import { invalid } from '../../domain/errors';
import { refuseBadText } from '../../domain/text';
import { ErrorReply, errorReplies, ok } from '../envelope';
import { isMalformedMultipart } from '../errorHandler';
import { routesOf } from '../serve';

/**
 * Reads the multipart body: exactly one file in `file` and a text field `type`, in either order.
 * Any other field is refused by name.
 */
async function readUploadParts(request: FastifyRequest): Promise<{ file: ReceivedFile | null; type: string | undefined }> {
  const { ctx } = request.server;
  let file: ReceivedFile | null = null;
  let type: string | undefined;
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw part.fieldname === 'type' ? invalid('upload.typeIsText') : invalid('upload.unknownField', { name: part.fieldname });
        }
        file = await receiveFile(ctx, part.file, part.filename, () => part.file.truncated);
      } else if (part.fieldname === 'type') {
        type = String(part.value);
        refuseBadText(type, 'type');
      } else {
        throw part.fieldname === 'file' ? invalid('upload.fileIsFile') : invalid('upload.unknownField', { name: part.fieldname });
      }
    }
  } catch (error) {
    if (file) await discardFile(file);
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') throw invalid('upload.oneFile');
    if (isMalformedMultipart(error)) throw invalid('http.multipartMalformed', { reason: (error as Error).message });
    throw error;
  }
  return { file, type };
}

/** Spec §7 `common/upload` (multipart: file, type); `upload2` is the same call under the second name the spec lists. */
const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesOf(app, { tags: ['upload'], replies: { ...errorReplies, 413: ErrorReply } });
  for (const upload of [uploadEndpoints.upload, uploadEndpoints.upload2]) {
    const multipart = {
      consumes: ['multipart/form-data'],
      description:
        'Multipart form: `file` (one file) and `type` (avatar, image, file, keywords, article). The content decides the type, not the name.',
    };
    route(upload, { permission: 'signedIn', ...multipart }, async (request) => {
      const { file, type } = await readUploadParts(request);
      if (!file) throw invalid('upload.fileNeeded');
      return ok(await acceptUpload(app.ctx, request.accountId, type, file));
    });
  }
};

export default uploadRoutes;
