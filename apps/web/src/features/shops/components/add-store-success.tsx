import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddStoreResult } from '@kelola/contracts/channel-shops';

type Props = { result: AddStoreResult | null; onClose: () => void; onMap: (storeId: string) => void };

/** The success modal after a 202 (spec part 4): the shops saved, their product import started, and what comes next. */
export function AddStoreSuccess({ result, onClose, onMap }: Props) {
  const { t } = useTranslation('shops');
  const first = result?.items[0];
  return (
    <Modal open={result !== null} onCancel={onClose} footer={null} title={null} destroyOnHidden>
      <Result
        status="success"
        title={t('success.title')}
        subTitle={
          <>
            {t('success.body', { names: (result?.items ?? []).map((store) => store.name).join(', ') })}
            {first && !first.confirmed_at && (
              <>
                <br />
                {t('success.confirmHint')}
              </>
            )}
          </>
        }
        extra={[
          first && (
            <Button key="map" type="primary" onClick={() => onMap(first.id)}>
              {t('success.mapWarehouse')}
            </Button>
          ),
          <Button key="close" onClick={onClose}>
            {t('success.toStores')}
          </Button>,
        ]}
      />
    </Modal>
  );
}
