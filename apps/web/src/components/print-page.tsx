import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Elements with this class stay on screen but are left out of the printed page. */
export const NO_PRINT_CLASS = 'kelola-no-print';

const PRINT_CSS = `
@media print {
  .${NO_PRINT_CLASS} { display: none !important; }
  .kelola-print-sheet { box-shadow: none !important; margin: 0 !important; padding: 0 !important; width: auto !important; }
  body { background: #fff !important; }
}
@page { margin: 12mm; }
`;

export type PrintPageProps = {
  title: ReactNode;
  /** Page width on screen, e.g. 210mm for A4 or 100mm for a shipping label. */
  width?: string;
  /** Opens the browser's print dialog once the content is ready (bulk labels, picking lists). */
  autoPrint?: boolean;
  /** Extra buttons next to Print (not printed). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The printable archetype (STYLE rule 8): a paper-like sheet with a Print button that is not itself printed. */
export function PrintPage({ title, width = '210mm', autoPrint = false, actions, children }: PrintPageProps) {
  const { t } = useTranslation('components');

  useEffect(() => {
    if (!autoPrint) return;
    // Let the browser lay out the sheet (fonts, barcodes) before the dialog freezes it.
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [autoPrint]);

  return (
    <div data-testid="print-page" style={{ background: '#f5f5f5', minHeight: '100%', padding: 16 }}>
      <style>{PRINT_CSS}</style>
      <Flex className={NO_PRINT_CLASS} justify="space-between" align="center" gap={12} style={{ maxWidth: width, margin: '0 auto 16px' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap={8}>
          {actions}
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('print.print')}
          </Button>
        </Flex>
      </Flex>
      <div
        className="kelola-print-sheet"
        style={{ width, maxWidth: '100%', margin: '0 auto', background: '#fff', padding: 24, boxShadow: '0 1px 4px rgba(0,0,0,0.12)' }}
      >
        {children}
      </div>
    </div>
  );
}
