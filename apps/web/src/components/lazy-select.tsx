import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import { ConfigProvider, type SelectProps } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSelectStyle from 'antd/es/select/style';
import { useContext, useId, useState, type ComponentType, type CSSProperties, type Ref } from 'react';
import { lazyModule, useLoadOnWant } from './use-load-on-want.ts';

type Option = { value: string; label: string };
export type LazySelectProps = {
  'data-testid'?: string;
  'aria-label'?: string;
  style?: CSSProperties;
  options: Option[];
  value: string | undefined;
  disabled?: boolean;
  placeholder?: string;
  notFoundContent?: string;
  onChange: (value: string) => void;
};
type Select = ComponentType<SelectProps<string, Option> & { ref?: Ref<unknown> }>;

const ignore = () => undefined;

const selectModule = lazyModule(async () => (await import('antd/es/select')).default as unknown as Select);

/**
 * antd's searchable single `Select` (options searched by label), drawn closed until first wanted (ADR 0059): the
 * top bar's business selector shows its value in the select's own markup and styles (its style hook, the same
 * classes), and the select with its list (rc-select, its virtual list) loads when the pointer comes over it, presses
 * it or it takes the focus, off every signed-in page's first load. The focus carries over, and a press made before the
 * select arrived opens its list, as a press on the select does.
 */
export function LazySelect(props: LazySelectProps) {
  const [arrival, setArrival] = useState<{ focus: boolean; open: boolean }>({ focus: false, open: false });
  const {
    Control: Select,
    closed,
    want,
    press,
  } = useLoadOnWant(selectModule, ({ inside, pressed }) => setArrival({ focus: inside || pressed, open: pressed }), props.disabled);
  if (Select) {
    const { options, ...rest } = props;
    return (
      <Select
        {...rest}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        autoFocus={arrival.focus || undefined}
        defaultOpen={arrival.open || undefined}
      />
    );
  }
  return <ClosedSelect {...props} rootRef={closed} onWant={want} onPress={press} />;
}

/** The closed single select's markup (antd 6.6.8, `showSearch`): the value or placeholder, the search input, the arrow. */
export function ClosedSelect({
  'data-testid': testId,
  'aria-label': ariaLabel,
  style,
  options,
  value,
  disabled,
  placeholder,
  rootRef,
  onWant,
  onPress,
}: LazySelectProps & { rootRef: Ref<HTMLDivElement>; onWant: () => void; onPress: () => void }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('select');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useSelectStyle(prefixCls, rootCls);
  const id = useId();
  const label = options.find((option) => option.value === value)?.label;
  const className = [
    prefixCls,
    `${prefixCls}-outlined`,
    cssVarCls,
    rootCls,
    hashId,
    `${prefixCls}-single`,
    `${prefixCls}-show-arrow`,
    disabled && `${prefixCls}-disabled`,
    `${prefixCls}-show-search`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={rootRef}
      data-testid={testId}
      className={className}
      style={style}
      onPointerEnter={onWant}
      onPointerDown={onPress}
      onFocus={onWant}
    >
      <div className={`${prefixCls}-content${label ? ` ${prefixCls}-content-has-value` : ''}`} title={label}>
        {label ?? <div className={`${prefixCls}-placeholder`}>{placeholder}</div>}
        <input
          id={id}
          aria-label={ariaLabel}
          autoComplete="new-password"
          className={`${prefixCls}-input`}
          disabled={disabled}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          onChange={ignore}
        />
      </div>
      <div className={`${prefixCls}-suffix`}>
        <DownOutlined />
      </div>
    </div>
  );
}
