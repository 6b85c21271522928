import { Button, Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, useRoot } from '../../../../core/web';
import { WALLET_PATHS, type BillFilter, type ExportFormat, type ExportRequest, type RecordFilter } from '../../shared/types';
import { compact, walletPath } from '../wallet-api';

type ExportKind = 'deposits' | 'withdrawals' | 'bills';

/**
 * CSV and XLSX downloads of a list with its current filters (paging left out: the export holds every row), in the
 * browser's time zone, saved under the server's file name.
 */
export function ExportButtons({ kind, filter }: { kind: ExportKind; filter: RecordFilter | BillFilter }) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const exportAs = async (format: ExportFormat) => {
    const { current: _current, size: _size, ...rest } = filter;
    setBusy(format);
    try {
      const request: ExportRequest = { ...compact(rest), format };
      // silent: the toast below is the one shown for the failure
      await root.http.download(walletPath(WALLET_PATHS.exportRecords, { kind }), request, { fileName: `${kind}.${format}`, timeZone: true, silent: true });
    } catch (error) {
      Toast.error(isHttpError(error) && error.msg ? error.msg : t('exportFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="wallet-export">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} size="small" theme="light" loading={busy === format} disabled={busy !== null} onClick={() => void exportAs(format)}>
          {t(format === 'csv' ? 'exportCsv' : 'exportXlsx')}
        </Button>
      ))}
    </div>
  );
}
