import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import type { StockSyncStatus } from '@kelola/contracts/inventory';
import { Alert, App, Button, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { useStockSync } from '../api/inventory-api.ts';

type Option = { value: string; label: string };

const LIST_STYLE = { listStyle: 'none', margin: '8px 0 0', padding: 0 } as const;
const ITEM_STYLE = { padding: '6px 0', borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' } as const;

type Props = {
  /** Warehouses the member may sync (the filter's options). */
  warehouses: Option[];
  /** Preselected: the warehouse the list is filtered by, else every warehouse. */
  defaultWarehouseIds: string[];
  loadingWarehouses?: boolean;
};

type Outcome = { success: string[]; error: { id: string; reason: string | null }[] };

/** What the spec calls raising the message flag: the success and error lists of a finished sync. */
export function outcomeOf(state: StockSyncStatus): Outcome {
  const reasons = new Map(state.items.map((item) => [item.warehouse_id, item.error]));
  return { success: state.success, error: state.error.map((id) => ({ id, reason: reasons.get(id) ?? null })) };
}

/**
 * "Sinkronisasi Stok" (spec part 4): the member picks warehouses, the sync starts and is polled every second while
 * any warehouse is ONPROGRESS (the shell shows its keep-open banner meanwhile); then the SUCCESS warehouses are
 * listed as succeeded and the rest as failed. Closing the modal does not stop the run.
 */
export function StockSyncAction({ warehouses, defaultWarehouseIds, loadingWarehouses }: Props) {
  const { t } = useTranslation('inventory');
  const { notification } = App.useApp();
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const sync = useStockSync({
    onSuccess: (state) => {
      const result = outcomeOf(state);
      if (mounted.current) {
        setChoosing(false);
        setOutcome(result);
      } else if (result.error.length === 0) notification.success({ title: t('sync.allSuccess'), placement: 'topRight' });
      else notification.warning({ title: t('sync.someFailed', { count: result.error.length }), placement: 'topRight' });
    },
  });

  const names = new Map(warehouses.map((w) => [w.value, w.label]));
  const nameOf = (id: string) => names.get(id) ?? id;

  const open = () => {
    sync.reset();
    setChosen(defaultWarehouseIds.length > 0 ? defaultWarehouseIds : warehouses.map((w) => w.value));
    setChoosing(true);
  };

  return (
    <>
      <Button icon={<SyncOutlined spin={sync.isPending} />} onClick={open} loading={sync.isPending} data-testid="sync-stock">
        {t('list.sync')}
      </Button>
      <Modal
        open={choosing}
        title={t('sync.title')}
        okText={t('sync.start')}
        cancelText={t('sync.cancel')}
        onOk={() => sync.mutate(chosen)}
        okButtonProps={{ disabled: chosen.length === 0, loading: sync.isPending }}
        cancelButtonProps={{ disabled: sync.isPending }}
        onCancel={() => setChoosing(false)}
        destroyOnHidden
      >
        {sync.isPending ? (
          <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }} data-testid="sync-running">
            <Spin size="large" />
            <Typography.Text>{t('sync.running')}</Typography.Text>
          </Flex>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('sync.intro')}</Typography.Text>
            <Typography.Text strong>{t('sync.warehouses')}</Typography.Text>
            <Select
              mode="multiple"
              aria-label={t('sync.warehouses')}
              placeholder={t('sync.warehousesPlaceholder')}
              options={warehouses}
              value={chosen}
              onChange={setChosen}
              loading={loadingWarehouses}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('sync.noWarehouses')}
              style={{ width: '100%' }}
              status={chosen.length === 0 ? 'error' : undefined}
            />
            {chosen.length === 0 && <Typography.Text type="danger">{t('sync.warehousesRequired')}</Typography.Text>}
            {sync.error && <Alert type="error" showIcon title={t('sync.failed')} description={errorText(sync.error)} />}
          </Flex>
        )}
      </Modal>
      <Modal
        open={outcome !== null}
        title={t('sync.resultTitle')}
        onCancel={() => setOutcome(null)}
        footer={
          <Button type="primary" onClick={() => setOutcome(null)}>
            {t('sync.close')}
          </Button>
        }
        data-testid="sync-result"
      >
        {outcome && (
          <Flex vertical gap={12}>
            <Alert
              type={outcome.error.length === 0 ? 'success' : 'warning'}
              showIcon
              title={outcome.error.length === 0 ? t('sync.allSuccess') : t('sync.someFailed', { count: outcome.error.length })}
            />
            {outcome.success.length > 0 && (
              <section aria-label={t('sync.success', { count: outcome.success.length })}>
                <Typography.Text strong>{t('sync.success', { count: outcome.success.length })}</Typography.Text>
                <ul style={LIST_STYLE}>
                  {outcome.success.map((id) => (
                    <li key={id} data-testid="sync-success" style={ITEM_STYLE}>
                      <CheckCircleFilled style={{ color: 'var(--ant-color-success, #52c41a)', marginRight: 8 }} />
                      <Typography.Text>{nameOf(id)}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {outcome.error.length > 0 && (
              <section aria-label={t('sync.error', { count: outcome.error.length })}>
                <Typography.Text strong>{t('sync.error', { count: outcome.error.length })}</Typography.Text>
                <ul style={LIST_STYLE}>
                  {outcome.error.map((item) => (
                    <li key={item.id} data-testid="sync-error" style={ITEM_STYLE}>
                      <CloseCircleFilled style={{ color: 'var(--ant-color-error, #ff4d4f)', marginRight: 8 }} />
                      <Typography.Text>{nameOf(item.id)}</Typography.Text>
                      {item.reason && (
                        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0 22px' }}>
                          {item.reason}
                        </Typography.Paragraph>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </Flex>
        )}
      </Modal>
    </>
  );
}
