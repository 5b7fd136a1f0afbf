import { App, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormulaInput, type Formula } from '@kelola/contracts/pricing';
import { ROUNDING_MODES, ROUNDING_STEPS, type RoundingMode } from '@kelola/domain';
import { FormPage } from '../../../../components/form-page.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useFormula, useFormulaCheck, useSaveFormula } from '../../api/formula-api.ts';
import { FormulaBuilder, type FormulaProblemView } from '../../components/formula-builder.tsx';
import { FormulaPreviewPanel } from '../../components/formula-preview.tsx';
import { checkText } from '../../components/formula-text.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { useVariablePalette } from '../../components/use-variable-palette.ts';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { textLimit } from '../../../../components/text-limit.ts';

type Values = { name: string; short_description: string; expression: string; rounding_mode: RoundingMode; rounding_step: number };
const EMPTY: Values = { name: '', short_description: '', expression: '', rounding_mode: 'NONE', rounding_step: 1 };
const fromFormula = (f: Formula): Values => ({
  name: f.name,
  short_description: f.short_description ?? '',
  expression: f.expression,
  rounding_mode: f.rounding_mode,
  rounding_step: f.rounding_step,
});

/** The browser's check at once, then the server's (which knows the workspace's variables) after a pause. */
function useFormulaProblems(expression: string): { problems: FormulaProblemView[]; checking: boolean } {
  const local = useMemo(() => (expression.trim() ? checkText(expression) : []), [expression]);
  const debounced = useDebounced(expression, 400);
  const server = useFormulaCheck(debounced, local.length === 0 && debounced.trim() !== '' && debounced === expression);
  if (!expression.trim()) return { problems: [], checking: false };
  if (local.length > 0) return { problems: local, checking: false };
  if (debounced !== expression || server.isFetching || !server.data) return { problems: [], checking: true };
  return {
    problems: server.data.errors.map((e) => ({ code: e.code as FormulaProblemView['code'], position: e.position, token: e.token })),
    checking: false,
  };
}

function FormulaFields({ problemsRef }: { problemsRef: { current: FormulaProblemView[] | null } }) {
  const { t } = useTranslation('pricing');
  const form = Form.useFormInstance<Values>();
  const expression = Form.useWatch('expression', form) ?? '';
  const roundingMode = Form.useWatch('rounding_mode', form) ?? 'NONE';
  const roundingStep = Form.useWatch('rounding_step', form) ?? 1;
  const palette = useVariablePalette();
  const { problems, checking } = useFormulaProblems(expression);
  problemsRef.current = checking ? null : problems;
  const settledValid = !checking && problems.length === 0;
  useEffect(() => {
    // A save refused for a broken formula leaves its message; it goes once the formula is right.
    if (settledValid) form.setFields([{ name: 'expression', errors: [] }]);
  }, [settledValid, form]);
  const label = (key: string) => t(`formulas.fields.${key}`);
  const rules = (name: keyof typeof FormulaInput.shape, key: string) => zodField(FormulaInput, name, label(key));
  const expressionRules = rules('expression', 'expression');

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={label('name')} extra={t('variables.nameHint')} {...rules('name', 'name')}>
          <Input count={textLimit(30)} placeholder={t('formulas.placeholders.name')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="short_description" label={label('description')} {...rules('short_description', 'description')}>
          <Input count={textLimit(30)} placeholder={t('formulas.placeholders.description')} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="expression"
          label={label('expression')}
          required
          rules={[
            ...expressionRules.rules,
            {
              validator: async () => {
                if (problemsRef.current && problemsRef.current.length > 0) throw new Error(t('formulas.fixProblems'));
              },
            },
          ]}
          // Checked on save only: while typing, the builder itself shows every problem where it happens.
          validateTrigger={[]}
        >
          <FormulaBuilder
            value={expression}
            onChange={(next) => form.setFieldValue('expression', next)}
            palette={palette}
            problems={problems}
            checking={checking}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="rounding_mode" label={label('rounding')} extra={t(`rounding.hint.${roundingMode}`)}>
          <Select options={ROUNDING_MODES.map((mode) => ({ value: mode, label: t(`rounding.${mode}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="rounding_step" label={label('step')}>
          <Select
            disabled={roundingMode === 'NONE'}
            options={ROUNDING_STEPS.map((step) => ({ value: step, label: t('rounding.step', { step: step.toLocaleString('id-ID') }) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} style={{ marginBottom: 16 }}>
        <FormulaPreviewPanel
          expression={expression}
          roundingMode={roundingMode}
          roundingStep={roundingStep}
          valid={!checking && problems.length === 0 && expression.trim() !== ''}
        />
      </Col>
    </Row>
  );
}

/** /price-formula/add and /price-formula/edit/:id: name, the builder with its live check, rounding and a preview. */
export function FormulaFormScreen() {
  const { t } = useTranslation('pricing');
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const formula = useFormula(id);
  const save = useSaveFormula(id);
  const problemsRef = useMemo(() => ({ current: null as FormulaProblemView[] | null }), []);

  return (
    <WriteGuard menuKey="price-formula" backTo="/price-formula" ns="pricing">
      <FormPage<Values, Formula>
        key={formula.data?.id ?? 'new'}
        name="formula"
        title={t(id ? 'formulas.editTitle' : 'formulas.addTitle')}
        description={t('formulas.hint')}
        form={form}
        backTo="/price-formula"
        loading={Boolean(id) && formula.isPending}
        loadError={id ? formula.error : null}
        onRetry={() => void formula.refetch()}
        initialValues={formula.data ? fromFormula(formula.data) : EMPTY}
        onSubmit={(values) =>
          save.mutateAsync({
            name: values.name.trim(),
            short_description: values.short_description?.trim() || null,
            expression: values.expression,
            rounding_mode: values.rounding_mode,
            rounding_step: values.rounding_mode === 'NONE' ? 1 : values.rounding_step,
          })
        }
        onSaved={(saved) => {
          notification.success({ title: t(id ? 'formulas.updated' : 'formulas.created', { name: saved.name }), placement: 'topRight' });
          void navigate(withWorkspaceQuery('/price-formula', location.search));
        }}
      >
        <FormulaFields problemsRef={problemsRef} />
      </FormPage>
    </WriteGuard>
  );
}
