import { Button, Toast } from '@douyinfe/semi-ui-19';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticlesConsoleApi } from '../console-api';
import { NAMESPACE } from '../ids';

/** How long typing pauses before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 400;

type Edit = { wrap: [string, string] } | { block: string };

const TOOLS: Array<{ id: string; edit: Edit }> = [
  { id: 'bold', edit: { wrap: ['<strong>', '</strong>'] } },
  { id: 'italic', edit: { wrap: ['<em>', '</em>'] } },
  { id: 'heading', edit: { wrap: ['<h2>', '</h2>'] } },
  { id: 'subheading', edit: { wrap: ['<h3>', '</h3>'] } },
  { id: 'paragraph', edit: { wrap: ['<p>', '</p>'] } },
  { id: 'list', edit: { block: '<ul>\n  <li></li>\n</ul>' } },
  { id: 'numbered', edit: { block: '<ol>\n  <li></li>\n</ol>' } },
  { id: 'table', edit: { block: '<table>\n  <thead><tr><th></th><th></th></tr></thead>\n  <tbody><tr><td></td><td></td></tr></tbody>\n</table>' } },
  { id: 'code', edit: { wrap: ['<code>', '</code>'] } },
];

/** The text with the selection wrapped (or a block inserted at the cursor), and where the cursor goes. */
export function applyEdit(text: string, start: number, end: number, edit: Edit): { text: string; cursor: number } {
  if ('block' in edit) {
    const inserted = `${text.slice(0, start)}${edit.block}${text.slice(end)}`;
    return { text: inserted, cursor: start + edit.block.length };
  }
  const [before, after] = edit.wrap;
  const wrapped = `${text.slice(0, start)}${before}${text.slice(start, end)}${after}${text.slice(end)}`;
  return { text: wrapped, cursor: end + before.length };
}

/**
 * The body as HTML source with a small toolbar, and beside it the preview the server returns: the body exactly
 * as it would be stored, sanitised. The source itself is never rendered as HTML here.
 */
export function BodyEditor({ value, onChange, api }: { value: string; onChange: (value: string) => void; api: ArticlesConsoleApi }) {
  const { t } = useTranslation(NAMESPACE);
  const source = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState('');
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      if (!value.trim()) {
        setPreview('');
        return;
      }
      api.preview(value).then(
        (answer) => current && setPreview(answer.body),
        () => undefined,
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, value]);

  const edit = (change: Edit) => {
    const area = source.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const next = applyEdit(value, start, end, change);
    onChange(next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const addLink = () => {
    const url = window.prompt(t('linkPrompt'), 'https://');
    if (url) edit({ wrap: [`<a href="${url.replace(/"/g, '&quot;')}">`, '</a>'] });
  };

  const addImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setUploading(true);
    try {
      const { link } = await api.uploadImage(chosen);
      edit({ block: `<img src="${link}" alt="">` });
      Toast.success(t('imageUploaded'));
    } catch {
      // the client showed the message
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="ac-editor">
      <div className="ac-toolbar" role="toolbar" aria-label={t('toolbar')}>
        {TOOLS.map((tool) => (
          <Button key={tool.id} size="small" theme="borderless" onClick={() => edit(tool.edit)}>
            {t(`tool.${tool.id}`)}
          </Button>
        ))}
        <Button size="small" theme="borderless" onClick={addLink}>
          {t('tool.link')}
        </Button>
        <Button size="small" theme="borderless" loading={uploading} onClick={() => file.current?.click()}>
          {t('tool.image')}
        </Button>
        <input ref={file} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={addImage} aria-label={t('tool.image')} />
      </div>
      <div className="ac-editor__panes">
        <label className="ac-editor__pane">
          <span className="ac-label">{t('bodySource')}</span>
          <textarea ref={source} name="body" className="ac-source" value={value} spellCheck onChange={(event) => onChange(event.target.value)} />
        </label>
        <div className="ac-editor__pane">
          <span className="ac-label">{t('preview')}</span>
          {/* the server's sanitised rendition of the body */}
          <div className="ac-preview" data-testid="article-preview" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
      </div>
    </div>
  );
}
