import { Banner, Button, Typography } from '@douyinfe/semi-ui-19';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../../../../../core/web';
import { SECURITY_ROUTE } from '../../route-names';
import '../../devices/devices.css';
import '../../identity.css';
import '../security.css';

/** The card of a change form: back link, title, the fields, a form-level error and the submit button. */
export function SecurityFormFrame({
  title,
  subtitle,
  submitLabel,
  busy,
  formError,
  onSubmit,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  submitLabel: string;
  busy: boolean;
  formError: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('identity');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className="id-center-page">
      <section className="id-center-card id-sec-form-card">
        <RouteLink to={SECURITY_ROUTE} className="id-sec-back">
          ← {t('security.back')}
        </RouteLink>
        <Typography.Title heading={4}>{title}</Typography.Title>
        {subtitle ? <Typography.Paragraph type="tertiary">{subtitle}</Typography.Paragraph> : null}
        <form className="id-form id-sec-form" onSubmit={submit} noValidate>
          {children}
          {formError ? <Banner className="id-form__banner" type="danger" fullMode={false} closeIcon={null} description={formError} /> : null}
          <Button htmlType="submit" theme="solid" type="primary" size="large" loading={busy} className="id-sec-submit">
            {submitLabel}
          </Button>
        </form>
      </section>
    </div>
  );
}
