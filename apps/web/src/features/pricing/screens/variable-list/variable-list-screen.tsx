import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from '../../../../components/use-list-query.ts';
import { SkuValuesPanel } from '../../components/sku-values-panel.tsx';
import { VariableList } from '../../components/variable-list.tsx';
import { VARIABLE_KINDS } from '../../components/variable-kinds.ts';

/** /global-variable: values every formula may use (e.g. ppn, margin). */
export function GlobalVariableListScreen() {
  return <VariableList config={VARIABLE_KINDS.GLOBAL} />;
}

/** /formula-variable: factors kept for formulas (e.g. markup_reseller). */
export function FormulaVariableListScreen() {
  return <VariableList config={VARIABLE_KINDS.FORMULA} />;
}

type View = 'list' | 'sku';

/**
 * /product-variable: values a SKU may override (e.g. packing_cost). Two views, kept in the URL (`view=sku`): the
 * variables themselves, and each SKU's own values of them.
 */
export function ProductVariableListScreen() {
  const { t } = useTranslation('pricing');
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  const view: View = params.get('view') === 'sku' ? 'sku' : 'list';
  const switcher = (
    <Segmented<View>
      value={view}
      options={[
        { value: 'list', label: t('skuValues.views.list') },
        { value: 'sku', label: t('skuValues.views.sku') },
      ]}
      onChange={(next) =>
        update((query) => {
          for (const key of ['view', 'q', 'page', 'size', 'sort']) query.delete(key);
          if (next === 'sku') query.set('view', 'sku');
        })
      }
    />
  );
  return view === 'sku' ? (
    <SkuValuesPanel headerExtra={switcher} />
  ) : (
    <VariableList config={VARIABLE_KINDS.PRODUCT} headerExtra={switcher} />
  );
}
