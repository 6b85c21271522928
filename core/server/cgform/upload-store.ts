import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Principal, StoredUpload } from '../../plugin-api';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The files of POST /cgform-api/upload/file, for plugins that take an upload over (context.uploads). */
export class UploadStore {
  private readonly dir: string;

  constructor(
    private readonly db: Kysely<any>,
    dataDir: string,
  ) {
    this.dir = join(dataDir, 'uploads');
  }

  /** The upload when it exists and belongs to the principal, else null (an unknown id and another owner's alike). */
  async read(owner: Principal, uploadId: string): Promise<StoredUpload | null> {
    if (!UPLOAD_ID.test(uploadId)) return null;
    const row = await this.db
      .selectFrom('upload')
      .select(['id', 'stored_name', 'mime'])
      .where('id', '=', uploadId)
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .executeTakeFirst();
    if (!row) return null;
    try {
      return { id: String(row.id), mime: String(row.mime), bytes: await readFile(join(this.dir, String(row.stored_name))) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Deletes uploads (record and file): a plugin that keeps a file elsewhere removes it from the public area. */
  async discard(uploadIds: string[]): Promise<void> {
    if (uploadIds.length === 0) return;
    const rows = await this.db.selectFrom('upload').select(['id', 'stored_name']).where('id', 'in', uploadIds).execute();
    await this.db.deleteFrom('upload').where('id', 'in', uploadIds).execute();
    await Promise.all(rows.map((row) => rm(join(this.dir, String(row.stored_name)), { force: true })));
  }
}
