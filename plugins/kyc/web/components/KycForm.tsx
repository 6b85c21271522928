import { Button, Input, Select } from '@douyinfe/semi-ui-19';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { KYC_IMAGES, KYC_REQUIRED_IMAGES, REAL_NAME_MAX, type KycImage } from '../../shared/types';
import { countryOptions } from '../countries';
import { KycSubmitError, submitKyc, validateKycForm, type KycFormErrors, type KycFormField, type KycFormValues } from '../kyc-form';
import { ImagePicker } from './ImagePicker';

/** The application form: name, ID number, issuing country, three ID images and the optional phone-number image. */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const root = useRoot();
  const { t } = useTranslation('kyc');
  const [values, setValues] = useState<KycFormValues>({ realName: '', idNumber: '', country: '', images: {} });
  // keys to translate, or server messages already in the user's language
  const [errors, setErrors] = useState<Partial<Record<KycFormField, { key?: string; text?: string }>>>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const countries = useMemo(() => countryOptions(root.settings.language), [root.settings.language]);

  const set = <K extends 'realName' | 'idNumber' | 'country'>(field: K, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const pick = (which: KycImage, file: File | undefined) => {
    setValues((previous) => ({ ...previous, images: { ...previous.images, [which]: file } }));
    const problem = file ? validateKycForm({ ...values, images: { [which]: file } })[which] : undefined;
    setErrors((previous) => ({ ...previous, [which]: problem ? { key: problem } : undefined }));
  };
  const textOf = (field: KycFormField) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.text ?? t(error.key!);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError('');
    const found: KycFormErrors = validateKycForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, { key }])));
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await submitKyc(root.http, values);
      onSubmitted();
    } catch (error) {
      if (error instanceof KycSubmitError && error.field) setErrors({ [error.field]: { text: error.message || t('form.failed') } });
      else setFormError((error as Error).message || t('form.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="kyc-form" onSubmit={submit} noValidate>
      <label className="kyc-field">
        <span>{t('form.realName')}</span>
        <Input name="realName" value={values.realName} maxLength={REAL_NAME_MAX} onChange={(value) => set('realName', value)} />
        {errors.realName && <span className="kyc-field__error" role="alert">{textOf('realName')}</span>}
      </label>
      <label className="kyc-field">
        <span>{t('form.idNumber')}</span>
        <Input name="idNumber" value={values.idNumber} maxLength={60} onChange={(value) => set('idNumber', value)} />
        {errors.idNumber && <span className="kyc-field__error" role="alert">{textOf('idNumber')}</span>}
      </label>
      <div className="kyc-field">
        <span id="kyc-country-label">{t('form.country')}</span>
        <Select
          aria-labelledby="kyc-country-label"
          value={values.country || undefined}
          onChange={(value) => set('country', String(value ?? ''))}
          optionList={countries}
          filter
          placeholder={t('form.countryPlaceholder')}
        />
        {errors.country && <span className="kyc-field__error" role="alert">{textOf('country')}</span>}
      </div>
      <p className="kyc-form__rule">{t('form.imageRule')}</p>
      <div className="kyc-form__images">
        {KYC_IMAGES.map((which) => (
          <ImagePicker
            key={which}
            name={which}
            label={t(`image.${which}`)}
            hint={KYC_REQUIRED_IMAGES.includes(which) ? undefined : t('form.optional')}
            file={values.images[which]}
            error={textOf(which)}
            onPick={(file) => pick(which, file)}
          />
        ))}
      </div>
      {formError && (
        <p className="kyc-form__error" role="alert">
          {formError}
        </p>
      )}
      <Button htmlType="submit" type="primary" theme="solid" loading={pending} block>
        {t('form.submit')}
      </Button>
    </form>
  );
}
