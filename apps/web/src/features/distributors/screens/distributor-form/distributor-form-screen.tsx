import { BANKS } from '@kelola/contracts/finance';
import { DISTRIBUTOR_CATEGORIES, DISTRIBUTOR_STATUSES, DistributorInput, type Distributor } from '@kelola/contracts/distributors';
import { Col, Divider, Form, Input, Radio, Row, Select, Typography, type FormInstance, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AreaCascade } from '../../../../components/area-cascade.tsx';
import { FormPage } from '../../../../components/form-page.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { useCan } from '../../../../components/use-can.ts';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { validationText } from '../../../../lib/error-text.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useWarehouseOptions } from '../../../../lib/warehouses.ts';
import { useDistributor, useSaveDistributor } from '../../api/distributors-api.ts';
import { distributorListLink } from '../../components/distributor-links.ts';
import {
  EMPTY_DISTRIBUTOR,
  fromDistributor,
  knownAreas,
  toDistributorInput,
  type DistributorFormValues,
} from '../../components/distributor-form-values.ts';

const BANK_OPTIONS = BANKS.map(([value, label]) => ({ value, label }));

/** "Wajib diisi." for a select whose contract rule would say INVALID_ID (the warehouse's uuid) when empty. */
const requiredRule = (): FormRule => ({ required: true, message: validationText({ code: 'REQUIRED' }) });

/**
 * /distributor-channel/:id/add-distributor: a new distributor of the channel, or the same form on a saved one
 * (`?edit=<distributorId>`, PUT with the whole form). Needs WRITE on `distributor-channel`; saved, it goes back to the
 * list with the channel's query.
 */
export function DistributorFormScreen() {
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  return (
    <WriteGuard menuKey="distributor-channel" backTo={distributorListLink(channelId, location.search)} ns="distributors">
      <DistributorForm channelId={channelId} />
    </WriteGuard>
  );
}

function DistributorForm({ channelId }: { channelId: string }) {
  const { t } = useTranslation('distributors');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<DistributorFormValues>();
  const editId = params.get('edit');
  const distributor = useDistributor(channelId, editId);
  const save = useSaveDistributor(channelId);
  const listLink = distributorListLink(channelId, location.search);

  const saved = (result: Distributor) => {
    notifySuccess(t('saved', { name: result.name }));
    void navigate(listLink);
  };

  return (
    <FormPage<DistributorFormValues, Distributor>
      // A different record is a different form: initial values apply only when the form mounts.
      key={editId ? (distributor.data?.id ?? 'loading') : 'new'}
      name="distributor"
      title={editId ? t('editTitle') : t('addTitle')}
      description={editId ? (distributor.data ? t('editHint', { name: distributor.data.name }) : undefined) : t('addHint')}
      form={form}
      backTo={listLink}
      loading={Boolean(editId) && distributor.isPending}
      loadError={editId ? distributor.error : null}
      onRetry={() => void distributor.refetch()}
      initialValues={distributor.data ? fromDistributor(distributor.data) : EMPTY_DISTRIBUTOR}
      onSubmit={(values) => save.mutateAsync({ id: editId, body: toDistributorInput(values) })}
      onSaved={saved}
    >
      <DistributorFields form={form} saved={distributor.data} />
    </FormPage>
  );
}

function Section({ title, first = false, children }: { title: string; first?: boolean; children: ReactNode }) {
  return (
    <>
      {!first && <Divider />}
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
        {title}
      </Typography.Title>
      <Row gutter={16}>{children}</Row>
    </>
  );
}

/** Every field of DistributorInput (spec part 3 "Distributor"), each with the contract's rule on its own field. */
function DistributorFields({ form, saved }: { form: FormInstance<DistributorFormValues>; saved: Distributor | undefined }) {
  const { t } = useTranslation('distributors');
  const [params] = useSearchParams();
  const warehouses = useWarehouseOptions(params.get('business_id'), useCan('warehouse', 'READ'));
  const label = (key: string) => t(`fields.${key}`);
  const rules = (name: keyof typeof DistributorInput.shape, key: string) => zodField(DistributorInput, name, label(key));
  // The saved warehouse stays shown by name when the list does not hold it (no READ on warehouses, another business).
  const warehouseOptions =
    saved && !warehouses.options.some((option) => option.value === saved.warehouse_id)
      ? [...warehouses.options, { value: saved.warehouse_id, label: saved.warehouse_name }]
      : warehouses.options;

  return (
    <>
      <Section title={t('sections.profile')} first>
        <Col xs={24} md={12}>
          <Form.Item name="code" label={label('code')} extra={t('hints.code')} {...rules('code', 'code')}>
            <Input count={textLimit(50)} placeholder={t('placeholders.code')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={label('name')} {...rules('name', 'name')}>
            <Input count={textLimit(150)} placeholder={t('placeholders.name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={label('category')} {...rules('category', 'category')}>
            <Select
              data-testid="distributor-category"
              placeholder={t('placeholders.category')}
              options={DISTRIBUTOR_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={label('phone')} validateTrigger="onBlur" {...rules('phone', 'phone')}>
            <Input inputMode="tel" autoComplete="tel" placeholder={t('placeholders.phone')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={label('email')} validateTrigger="onBlur" {...rules('email', 'email')}>
            <Input inputMode="email" autoComplete="email" placeholder={t('placeholders.email')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={label('status')} {...rules('status', 'status')}>
            <Radio.Group
              optionType="button"
              data-testid="distributor-status"
              options={DISTRIBUTOR_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.tax')}>
        <Col xs={24} md={12}>
          <Form.Item
            name="npwp_id"
            label={label('npwpId')}
            extra={t('hints.npwpId')}
            validateTrigger="onBlur"
            {...rules('npwp_id', 'npwpId')}
          >
            <Input inputMode="numeric" placeholder={t('placeholders.npwpId')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="npwp_name" label={label('npwpName')} extra={t('hints.npwpName')} {...rules('npwp_name', 'npwpName')}>
            <Input count={textLimit(150)} placeholder={t('placeholders.npwpName')} />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.address')}>
        <Col span={24}>
          <Form.Item name="address" label={label('address')} {...rules('address', 'address')}>
            <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('placeholders.address')} />
          </Form.Item>
        </Col>
        <AreaCascade form={form} schema={DistributorInput} known={saved ? knownAreas(saved) : []} />
        <Col xs={24} md={12}>
          <Form.Item name="postal_code" label={label('postalCode')} {...rules('postal_code', 'postalCode')}>
            <Input inputMode="numeric" count={textLimit(5)} placeholder={t('placeholders.postalCode')} />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.bank')}>
        <Col xs={24} md={12}>
          <Form.Item name="bank_code" label={label('bank')} {...rules('bank_code', 'bank')}>
            <Select
              data-testid="distributor-bank"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.bank')}
              options={BANK_OPTIONS}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bank_account_number" label={label('accountNumber')} {...rules('bank_account_number', 'accountNumber')}>
            <Input inputMode="numeric" placeholder={t('placeholders.accountNumber')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="bank_account_name"
            label={label('accountName')}
            extra={t('hints.accountName')}
            {...rules('bank_account_name', 'accountName')}
          >
            <Input count={textLimit(150)} placeholder={t('placeholders.accountName')} />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.coverage')}>
        <Col xs={24} md={12}>
          <Form.Item name="warehouse_id" label={label('warehouse')} extra={t('hints.warehouse')} rules={[requiredRule()]} required>
            <Select
              data-testid="distributor-warehouse"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.warehouse')}
              loading={warehouses.isFetching}
              options={warehouseOptions}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="coverage_area" label={label('coverage')} extra={t('hints.coverage')} {...rules('coverage_area', 'coverage')}>
            <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('placeholders.coverage')} />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}
