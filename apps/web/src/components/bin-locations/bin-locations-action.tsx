import { Button, Drawer, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../use-can.ts';
import { BinLocationsCard } from './bin-locations-card.tsx';

/**
 * "Lokasi Rak" on the inventory list (ADR 0046): bins are stock work, so whoever may see the inventory list reaches
 * the bin locations of the warehouse in view from here (and changes them with the inventory list's WRITE), without
 * the warehouse settings' screen. A warehouse must be chosen first.
 */
export function BinLocationsAction({ warehouseId }: { warehouseId: string | undefined }) {
  const { t } = useTranslation('inventory');
  const canRead = useCan('list-inventory', 'READ');
  const [open, setOpen] = useState(false);
  if (!canRead) return null;
  const button = (
    <Button data-testid="open-bin-locations" disabled={!warehouseId} onClick={() => setOpen(true)}>
      {t('list.bins')}
    </Button>
  );
  return (
    <>
      {warehouseId ? button : <Tooltip title={t('list.binsHint')}>{button}</Tooltip>}
      <Drawer open={open && !!warehouseId} onClose={() => setOpen(false)} size="large" title={t('list.bins')} destroyOnHidden>
        {warehouseId && <BinLocationsCard warehouseId={warehouseId} />}
      </Drawer>
    </>
  );
}
