import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The image types the picker offers (the bytes are checked again on the server). */
export const ID_IMAGE_PICKER_ACCEPT = 'image/jpeg,image/png,image/bmp,image/gif';

export interface ImagePickerProps {
  name: string;
  label: string;
  hint?: string;
  file: File | undefined;
  /** A translated message shown under the picker. */
  error?: string;
  onPick(file: File | undefined): void;
}

/** A file input for one ID image with a preview of the picked file. */
export function ImagePicker({ name, label, hint, file, error, onPick }: ImagePickerProps) {
  const { t } = useTranslation('kyc');
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className={error ? 'kyc-picker kyc-picker--error' : 'kyc-picker'} data-image={name}>
      <label htmlFor={inputId} className="kyc-picker__box">
        {preview ? <img src={preview} alt={label} className="kyc-picker__preview" /> : <span className="kyc-picker__plus">+</span>}
        <span className="kyc-picker__label">{label}</span>
        {hint && <span className="kyc-picker__hint">{hint}</span>}
        <input
          id={inputId}
          name={name}
          type="file"
          accept={ID_IMAGE_PICKER_ACCEPT}
          className="kyc-picker__input"
          onChange={(event) => {
            onPick(event.target.files?.[0] ?? undefined);
            // picking the same file again after a fix still fires a change
            event.target.value = '';
          }}
        />
      </label>
      {file && (
        <button type="button" className="kyc-picker__remove" onClick={() => onPick(undefined)}>
          {t('form.removeImage')}
        </button>
      )}
      {error && (
        <p className="kyc-picker__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
