import { Banner, Button } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner, useRoot } from '../../../../core/web';
import { KYC_MINE_PATH, type KycApplicationView } from '../../shared/types';
import { KycForm } from '../components/KycForm';
import '../kyc.css';

/** A time in the user's language (not the browser's), as the rest of the page. */
function formatTime(iso: string | null, language: string): string {
  return iso ? new Date(iso).toLocaleString(language) : '';
}

/** /account/center/kyc: the member's verification state, and the form when there is none or it was rejected. */
export default function KycPage() {
  const root = useRoot();
  const { t } = useTranslation('kyc');
  const [state, setState] = useState<{ loaded: boolean; application: KycApplicationView | null; failed: boolean }>({
    loaded: false,
    application: null,
    failed: false,
  });
  const [resubmitting, setResubmitting] = useState(false);
  const load = useCallback(() => {
    root.http.get<KycApplicationView | null>(KYC_MINE_PATH).then(
      (application) => {
        setState({ loaded: true, application, failed: false });
        setResubmitting(false);
      },
      () => setState((previous) => ({ ...previous, loaded: true, failed: true })),
    );
  }, [root]);
  useEffect(load, [load]);

  if (!state.loaded) return <PageSpinner />;
  const application = state.application;
  const showForm = !state.failed && (application === null || (application.status === 'rejected' && resubmitting));

  return (
    <div className="kyc-page">
      <h1 className="kyc-page__title">{t('title')}</h1>
      <p className="kyc-page__intro">{t('intro')}</p>
      {state.failed && (
        <Banner type="danger" description={t('loadFailed')} closeIcon={null} />
      )}
      {application && !showForm && (
        <section className={`kyc-state kyc-state--${application.status}`} data-testid="kyc-state" data-status={application.status}>
          <h2 className="kyc-state__title">{t(`state.${application.status}`)}</h2>
          <p>{t(`stateText.${application.status}`)}</p>
          {application.status === 'rejected' && application.reason && (
            <p className="kyc-state__reason">
              <strong>{t('reason')}</strong> <span data-testid="kyc-reason">{application.reason}</span>
            </p>
          )}
          <dl className="kyc-state__facts">
            <dt>{t('form.realName')}</dt>
            <dd>{application.realName}</dd>
            <dt>{t('form.idNumber')}</dt>
            <dd>{application.idNumberMasked}</dd>
            <dt>{t('submittedAt')}</dt>
            <dd>{formatTime(application.submittedAt, root.settings.language)}</dd>
            {application.reviewedAt && (
              <>
                <dt>{t('reviewedAt')}</dt>
                <dd>{formatTime(application.reviewedAt, root.settings.language)}</dd>
              </>
            )}
          </dl>
          {application.status === 'rejected' && (
            <Button type="primary" theme="solid" onClick={() => setResubmitting(true)}>
              {t('resubmit')}
            </Button>
          )}
        </section>
      )}
      {showForm && <KycForm onSubmitted={load} />}
    </div>
  );
}
