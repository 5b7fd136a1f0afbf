import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useCreateWarehouse } from '../../api/warehouse-api.ts';
import { EMPTY_WAREHOUSE, toWarehouseInput, type WarehouseFormValues } from '../../components/warehouse-form-values.ts';
import { WarehouseFormFields } from '../../components/warehouse-form-fields.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { warehouseNotice } from '../../components/warehouse-notice.ts';

/** /warehouse/add-warehouse: a new warehouse with its area; back to the list once saved. */
export function AddWarehouseScreen() {
  const { t } = useTranslation('warehouse');
  const [form] = Form.useForm<WarehouseFormValues>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateWarehouse();

  return (
    <WriteGuard menuKey="warehouse" backTo="/warehouse" ns="warehouse">
      <FormPage<WarehouseFormValues, { name: string }>
        name="warehouse"
        title={t('form.addTitle')}
        description={t('form.addDescription')}
        form={form}
        backTo="/warehouse"
        initialValues={EMPTY_WAREHOUSE}
        onSubmit={(values) => create.mutateAsync(toWarehouseInput(values))}
        onSaved={(warehouse) => {
          notification.success({ title: warehouseNotice('created', warehouse.name), placement: 'topRight' });
          void navigate(withWorkspaceQuery('/warehouse', location.search));
        }}
      >
        <WarehouseFormFields form={form} />
      </FormPage>
    </WriteGuard>
  );
}
