import { ApiError, ERROR_CODES, type Principal, type ServerContext } from '../../../core/server';
import { chatMessageProblem } from '../../../core/shared';
import { CONTENT_TYPE, type ContentType } from '../shared/types';

/** An upload id, alone or at the end of the link the upload route answers with. */
const UPLOAD_REFERENCE = /^(?:\/api\/[A-Za-z0-9_-]+\/cgform-api\/file\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The link an image message stores: the kernel serves the upload there. */
export function uploadLink(head: string, uploadId: string): string {
  return `/api/${head}/cgform-api/file/${uploadId}`;
}

/** The upload id an image message's content names, or null. */
export function uploadIdOf(content: string): string | null {
  return UPLOAD_REFERENCE.exec(content.trim())?.[1] ?? null;
}

/**
 * The content to store for a message, or an ApiError naming `content`: a text must hold a non-whitespace
 * character (chat:text_fsnrbnwk) and at most 400 characters (chat:tooLong) and is kept without surrounding
 * whitespace; an image must be an image upload of the sender's own, and is kept as its link.
 */
export async function checkedContent(
  input: { content: string; contentType: ContentType },
  sender: Principal,
  uploads: ServerContext['uploads'],
  head: string,
): Promise<string> {
  if (input.contentType === CONTENT_TYPE.text) {
    const text = input.content.trim();
    const problem = chatMessageProblem(text);
    if (problem) throw new ApiError(ERROR_CODES.badRequest, `chat:${problem}`, { field: 'content' });
    return text;
  }
  const uploadId = uploadIdOf(input.content);
  const upload = uploadId ? await uploads.read(sender, uploadId) : null;
  if (!upload || !upload.mime.startsWith('image/')) throw new ApiError(ERROR_CODES.badRequest, 'chat:imageInvalid', { field: 'content' });
  return uploadLink(head, upload.id);
}
