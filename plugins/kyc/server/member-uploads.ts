import { ApiError, type ServerContext, type StoredUpload } from '../../../core/server';

/**
 * The member's own files in the kernel's upload area (POST /cgform-api/upload/file). The kernel serves
 * uploads to anyone who knows the id, so a KYC image is taken out of that area once it is re-encoded.
 */
export class MemberUploads {
  constructor(private readonly uploads: ServerContext['uploads']) {}

  /** Reads an upload of this member; an unknown id and another owner's id get the same 400 naming the field. */
  async read(memberId: string, uploadId: string, field: string): Promise<StoredUpload> {
    const upload = await this.uploads.read({ kind: 'user', id: memberId }, uploadId);
    if (!upload) throw ApiError.fieldInvalid(field);
    return upload;
  }

  /** Removes consumed uploads from the public area. */
  discard(uploads: StoredUpload[]): Promise<void> {
    return this.uploads.discard(uploads.map((upload) => upload.id));
  }
}
