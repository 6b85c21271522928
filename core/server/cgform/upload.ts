import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, ID_IMAGE_MAX_BYTES, okEnvelope, sniffImageType } from '../../shared';
import { notFoundError } from '../http/envelope';
import { contentDisposition, routeUrl } from '../http/routes';

export const UPLOAD_MAX_BYTES = ID_IMAGE_MAX_BYTES;

const MIME_BY_TYPE: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  bmp: { mime: 'image/bmp', ext: 'bmp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
};

/** The file's real type from its first bytes (never from its name or the client's content type). */
export function sniffUploadType(bytes: Uint8Array): keyof typeof MIME_BY_TYPE | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
  if (bytes.length >= pdfMagic.length && pdfMagic.every((byte, index) => bytes[index] === byte)) return 'pdf';
  return null;
}

function fileTooLarge(error: unknown): unknown {
  if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') return error;
  return new ApiError(ERROR_CODES.tooLarge, 'errors.fileTooLarge', { field: 'file', params: { max: UPLOAD_MAX_BYTES / 1024 / 1024 } });
}

const PURPOSE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const UPLOAD_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

interface UploadParts {
  file?: { bytes: Buffer; name: string };
  purpose?: string;
}

/** Reads the "file" part (at most one) and the optional "type" field of a multipart upload. */
async function readUploadParts(request: FastifyRequest): Promise<UploadParts> {
  const result: UploadParts = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || result.file) throw ApiError.fieldInvalid(part.fieldname);
        result.file = { bytes: await part.toBuffer(), name: part.filename || 'file' };
      } else if (part.fieldname === 'type') {
        result.purpose = String(part.value);
        if (result.purpose !== '' && !PURPOSE_PATTERN.test(result.purpose)) throw ApiError.fieldInvalid('type');
      }
    }
  } catch (error) {
    throw fileTooLarge(error);
  }
  return result;
}

export interface UploadRoutesOptions {
  head: string;
  db: Kysely<any>;
  dataDir: string;
  now(): Date;
}

/**
 * POST /cgform-api/upload/file (multipart "file" and "type"; any signed-in user or operator) stores the file
 * under a server-made name; GET /cgform-api/file/{id} serves it back with the sniffed type.
 *
 * Multipart bodies are parsed for these routes only: the multipart plugin's hooks (one on every request, one on
 * every answer) then run in their scope, not on every call of the site.
 */
export async function registerUploadRoutes(root: FastifyInstance, options: UploadRoutesOptions): Promise<void> {
  await root.register(async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
    uploadRoutes(app, options);
  });
}

function uploadRoutes(app: FastifyInstance, options: UploadRoutesOptions): void {
  const uploadDir = join(options.dataDir, 'uploads');

  app.post(routeUrl(options.head, '/cgform-api/upload/file'), async (request) => {
    if (!request.principal) throw new ApiError(ERROR_CODES.unauthorized);
    if (!request.isMultipart()) throw new ApiError(ERROR_CODES.unsupportedMedia);
    const { file, purpose } = await readUploadParts(request);
    if (!file || file.bytes.length === 0) throw ApiError.fieldRequired('file');
    const sniffed = sniffUploadType(file.bytes);
    if (!sniffed) throw new ApiError(ERROR_CODES.unsupportedMedia, 'errors.fileType', { field: 'file' });
    const { mime, ext } = MIME_BY_TYPE[sniffed];
    const id = randomUUID();
    const storedName = `${id}.${ext}`;
    await mkdir(uploadDir, { recursive: true });
    const temporary = join(uploadDir, `.${storedName}.part`);
    await writeFile(temporary, file.bytes, { mode: 0o640 });
    try {
      await options.db
        .insertInto('upload')
        .values({
          id,
          owner_kind: request.principal.kind,
          owner_id: request.principal.id,
          purpose: purpose || null,
          original_name: file.name.slice(0, 255),
          mime,
          size: file.bytes.length,
          stored_name: storedName,
          created_at: options.now().toISOString(),
        })
        .execute();
      await rename(temporary, join(uploadDir, storedName));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return okEnvelope({ link: routeUrl(options.head, `/cgform-api/file/${id}`), id, mime, size: file.bytes.length });
  });

  app.get(
    routeUrl(options.head, '/cgform-api/file/{id}'),
    { schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: UPLOAD_ID_PATTERN } } } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const upload = await options.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
      if (!upload) throw notFoundError('id');
      return reply
        .header('content-type', upload.mime)
        .header('content-length', String(upload.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', contentDisposition(upload.original_name, 'inline'))
        .send(createReadStream(join(uploadDir, upload.stored_name)));
    },
  );
}
