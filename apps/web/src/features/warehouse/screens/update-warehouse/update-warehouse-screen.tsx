import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useUpdateWarehouse, useWarehouse } from '../../api/warehouse-api.ts';
import { fromWarehouse, knownAreas, toWarehouseInput, type WarehouseFormValues } from '../../components/warehouse-form-values.ts';
import { WarehouseFormFields } from '../../components/warehouse-form-fields.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { warehouseNotice } from '../../components/warehouse-notice.ts';
import { BinLocationsCard } from '../../../../components/bin-locations/bin-locations-card.tsx';

/**
 * /warehouse/update-warehouse/:id: every field of a saved warehouse; PUT sends the whole form again. Below the form,
 * the warehouse's bin locations (which SKU lies in which rack / bin).
 */
export function UpdateWarehouseScreen() {
  const { t } = useTranslation('warehouse');
  const { id = '' } = useParams();
  const [form] = Form.useForm<WarehouseFormValues>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const warehouse = useWarehouse(id);
  const update = useUpdateWarehouse(id);

  return (
    <WriteGuard menuKey="warehouse" backTo="/warehouse" ns="warehouse">
      <FormPage<WarehouseFormValues, { name: string }>
        // A different record is a different form: initial values apply only when the form mounts.
        key={warehouse.data?.id ?? 'loading'}
        name="warehouse"
        title={t('form.updateTitle')}
        description={warehouse.data ? t('form.updateDescription', { name: warehouse.data.name }) : undefined}
        form={form}
        backTo="/warehouse"
        loading={warehouse.isPending}
        loadError={warehouse.error}
        onRetry={() => void warehouse.refetch()}
        initialValues={warehouse.data ? fromWarehouse(warehouse.data) : undefined}
        onSubmit={(values) => update.mutateAsync(toWarehouseInput(values))}
        onSaved={(saved) => {
          notification.success({ title: warehouseNotice('updated', saved.name), placement: 'topRight' });
          void navigate(withWorkspaceQuery('/warehouse', location.search));
        }}
      >
        <WarehouseFormFields form={form} known={warehouse.data ? knownAreas(warehouse.data) : []} />
      </FormPage>
      {warehouse.data && <BinLocationsCard warehouseId={warehouse.data.id} />}
    </WriteGuard>
  );
}
