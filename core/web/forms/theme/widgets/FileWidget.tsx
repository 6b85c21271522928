import { useRef, useState, type ChangeEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { FORMS_NS } from '../../i18n';
import type { SemiFormContext } from '../../types';
import { Button, Typography } from '../semi';

function fileName(link: string): string {
  const path = link.split(/[?#]/)[0];
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || link;
}

/**
 * Uploads the chosen file(s) through the form's `upload` prop and stores the returned link(s),
 * so the form data holds links, never file contents. ui:options.accept limits the file types.
 */
export default function FileWidget(props: WidgetProps) {
  const { id, value, multiple, disabled, readonly, options, registry, onChange } = props;
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const upload = (registry.formContext as SemiFormContext | undefined)?.upload;
  const links: string[] = (Array.isArray(value) ? value : value ? [value] : []).filter((link) => typeof link === 'string');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (!upload) {
      setFailed(t('file.noUpload'));
      return;
    }
    setBusy(true);
    setFailed(null);
    try {
      const uploaded: string[] = [];
      for (const file of files) uploaded.push(await upload(file));
      onChange(multiple ? [...links, ...uploaded] : uploaded[0]);
    } catch {
      setFailed(t('file.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rjsf-file">
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        multiple={multiple}
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        disabled={disabled || readonly || busy}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={choose}
      />
      <Button icon={<IconUpload />} loading={busy} disabled={disabled || readonly} onClick={() => input.current?.click()}>
        {busy ? t('file.uploading') : links.length > 0 && !multiple ? t('file.replace') : t('file.choose')}
      </Button>
      {links.map((link) => (
        <div key={link} className="rjsf-file-link">
          <Typography.Text link={{ href: link, target: '_blank', rel: 'noopener noreferrer' }}>{fileName(link)}</Typography.Text>
        </div>
      ))}
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
    </div>
  );
}
