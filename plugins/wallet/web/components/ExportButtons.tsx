import { Button, Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { BillFilter, ExportFormat, RecordFilter } from '../../shared/types';
import { downloadExport, ExportError, type ExportKind } from '../export-file';
import { compact } from '../wallet-api';

/** CSV and XLSX downloads of a list with its current filters (paging left out: the export holds every row). */
export function ExportButtons({ kind, filter }: { kind: ExportKind; filter: RecordFilter | BillFilter }) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const exportAs = async (format: ExportFormat) => {
    const { current: _current, size: _size, ...rest } = filter;
    setBusy(format);
    try {
      await downloadExport(root, kind, { ...compact(rest), format });
    } catch (error) {
      Toast.error(error instanceof ExportError && error.message ? error.message : t('exportFailed'));
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
