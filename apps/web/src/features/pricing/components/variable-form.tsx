import { App, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { VariableInput, type Variable } from '@kelola/contracts/pricing';
import { FormPage } from '../../../components/form-page.tsx';
import { zodField } from '../../../components/zod-rules.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useSaveVariable, useVariable } from '../api/variable-api.ts';
import type { VariableKindConfig } from './variable-kinds.ts';
import { WriteGuard } from '../../../components/write-guard.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Values = { name: string; short_description: string; value: string };
const EMPTY: Values = { name: '', short_description: '', value: '' };

const toInput = (values: Values): VariableInput => ({
  name: values.name.trim(),
  short_description: values.short_description?.trim() || null,
  value: (values.value ?? '').trim(),
});

const fromVariable = (variable: Variable): Values => ({
  name: variable.name,
  short_description: variable.short_description ?? '',
  value: variable.value,
});

/** Add (no id) or edit a variable; rules from the shared VariableInput schema (spec part 5). */
export function VariableForm({ config, id }: { config: VariableKindConfig; id?: string }) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const variable = useVariable(config.kind, id);
  const save = useSaveVariable(config.kind, id);
  const label = (key: string) => t(`variables.fields.${key}`);
  const rules = (name: keyof typeof VariableInput.shape, key: string) => zodField(VariableInput, name, label(key));
  const used = (variable.data?.used_by ?? 0) > 0;
  const texts = `variables.${config.textKey}`;

  return (
    <WriteGuard menuKey={config.menuKey} backTo={config.path} ns="pricing">
      <FormPage<Values, Variable>
        key={variable.data?.id ?? 'new'}
        name="variable"
        title={t(id ? `${texts}.editTitle` : `${texts}.addTitle`)}
        description={t(`${texts}.hint`)}
        form={form}
        backTo={config.path}
        loading={Boolean(id) && variable.isPending}
        loadError={id ? variable.error : null}
        onRetry={() => void variable.refetch()}
        initialValues={variable.data ? fromVariable(variable.data) : EMPTY}
        onSubmit={(values) => save.mutateAsync(toInput(values))}
        onSaved={(saved) => {
          notification.success({ title: t(id ? 'variables.updated' : 'variables.created', { name: saved.name }), placement: 'topRight' });
          void navigate(withWorkspaceQuery(config.path, location.search));
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={label('name')}
              extra={used ? t('variables.nameLocked', { count: variable.data?.used_by ?? 0 }) : t('variables.nameHint')}
              {...rules('name', 'name')}
            >
              <Input count={textLimit(30)} disabled={used} placeholder={t('variables.placeholders.name')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="value" label={label('value')} extra={t('variables.valueHint')} {...rules('value', 'value')}>
              <Input inputMode="decimal" placeholder={t('variables.placeholders.value')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="short_description" label={label('description')} {...rules('short_description', 'description')}>
              <Input count={textLimit(30)} placeholder={t('variables.placeholders.description')} />
            </Form.Item>
          </Col>
        </Row>
      </FormPage>
    </WriteGuard>
  );
}
