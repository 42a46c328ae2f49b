import { messages } from '@credimo/shared/i18n';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

export interface UploadForm {
  fields: Record<string, string>;
  /** File parts in the order sent. */
  files: { field: string; bytes: Buffer }[];
}

export class UploadTooLarge extends Error {}

/**
 * Reads a multipart form into memory within caps: at most `maxFiles` files of `maxFileBytes` each, a few short
 * fields. Fields may come before or after the files (browsers keep the form's order), so the whole form is read.
 */
export async function readUploadForm(
  request: FastifyRequest,
  { maxFileBytes, maxFiles = 1 }: { maxFileBytes: number; maxFiles?: number },
): Promise<UploadForm> {
  if (!request.isMultipart()) throw ApiError.request(415, messages.malformedRequest);
  const form: UploadForm = { fields: {}, files: [] };
  const parts = request.parts({
    limits: { fileSize: maxFileBytes, files: maxFiles, fields: 8, fieldSize: 4096, parts: maxFiles + 8 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      try {
        const bytes = await part.toBuffer();
        // An empty file input is sent as a part with no name and no bytes: not a file.
        if (bytes.length > 0) form.files.push({ field: part.fieldname, bytes });
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLarge();
        throw error;
      }
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
