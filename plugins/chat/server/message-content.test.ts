import { describe, expect, it } from 'vitest';
import type { StoredUpload } from '../../../core/server';
import { checkedContent, uploadIdOf, uploadLink } from './message-content';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const member = { kind: 'user' as const, id: '7' };
const uploadsHolding = (upload: StoredUpload | null) => ({ read: async () => upload, discard: async () => undefined });

describe('message content', () => {
  it('reads the upload id from the link the upload route answers with, or alone', () => {
    expect(uploadIdOf(`/api/mjkj-web/cgform-api/file/${ID}`)).toBe(ID);
    expect(uploadIdOf(` ${ID} `)).toBe(ID);
    expect(uploadIdOf(`https://evil.example/api/x/cgform-api/file/${ID}`)).toBeNull();
    expect(uploadIdOf(`/api/mjkj-web/cgform-api/file/${ID}/../x`)).toBeNull();
  });

  it('keeps text without surrounding whitespace and names the rule it breaks', async () => {
    const none = uploadsHolding(null);
    await expect(checkedContent({ content: ' hi \n', contentType: 1 }, member, none, 'h')).resolves.toBe('hi');
    await expect(checkedContent({ content: ' \t ', contentType: 1 }, member, none, 'h')).rejects.toMatchObject({ code: 400, msgKey: 'chat:text_fsnrbnwk', field: 'content' });
    await expect(checkedContent({ content: 'a'.repeat(401), contentType: 1 }, member, none, 'h')).rejects.toMatchObject({ msgKey: 'chat:tooLong' });
  });

  it('stores an image as the link of an image upload the sender owns', async () => {
    const image = uploadsHolding({ id: ID, mime: 'image/png', bytes: Buffer.alloc(0) });
    await expect(checkedContent({ content: ID, contentType: 2 }, member, image, 'mjkj-web')).resolves.toBe(uploadLink('mjkj-web', ID));
    const pdf = uploadsHolding({ id: ID, mime: 'application/pdf', bytes: Buffer.alloc(0) });
    await expect(checkedContent({ content: ID, contentType: 2 }, member, pdf, 'mjkj-web')).rejects.toMatchObject({ msgKey: 'chat:imageInvalid' });
    await expect(checkedContent({ content: ID, contentType: 2 }, member, uploadsHolding(null), 'mjkj-web')).rejects.toMatchObject({ field: 'content' });
  });
});
