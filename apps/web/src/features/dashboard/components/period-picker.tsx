import '../../../lib/dayjs-language.ts';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import SwapRightOutlined from '@ant-design/icons/es/icons/SwapRightOutlined';
import type { RangePickerProps } from 'antd/es/date-picker';
import { ConfigProvider } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useStyle from 'antd/es/date-picker/style';
import enUS from 'antd/es/date-picker/locale/en_US';
import { FormItemInputContext } from 'antd/es/form/context';
import { useLocale } from 'antd/es/locale';
import type { Dayjs } from 'dayjs';
import { useContext, useEffect, useRef, type ComponentType, type Ref } from 'react';
import { lazyModule, useLoadOnWant } from '../../../components/use-load-on-want.ts';

type PickerRef = { nativeElement?: HTMLElement; focus: (options?: { index?: number }) => void };
type Props = Omit<RangePickerProps, 'value' | 'format' | 'id'> & {
  id: string;
  value: [Dayjs | null, Dayjs | null];
  format: string;
  'data-testid'?: string;
  'aria-label'?: string;
};
type Picker = ComponentType<Props & { ref?: Ref<PickerRef> }>;

const ignore = () => undefined;

const pickerModule = lazyModule(async () => (await import('antd/es/date-picker')).default.RangePicker as unknown as Picker);

/**
 * antd's `RangePicker`, drawn closed until first wanted (ADR 0059): the dashboard's period shows its two dates in the
 * picker's own markup and styles (its style hook, the same classes), and the picker with its calendar (rc-picker,
 * about 26 KB compressed) loads when the pointer comes over it, presses it or it takes the focus. The input that had
 * the focus keeps it, and a press made before the picker arrived opens the calendar, as a click on the picker does.
 */
export function PeriodPicker(props: Props) {
  const arrival = useRef<{ index: 0 | 1; press: boolean } | null>(null);
  const picker = useRef<PickerRef>(null);
  // What the user began on the closed picker carries over: the input in focus keeps it, a press opens the calendar
  // (its click, begun on the closed picker, would not reach the picker).
  const {
    Control: Picker,
    closed,
    want,
    press,
  } = useLoadOnWant(pickerModule, ({ active, inside, pressed }) => {
    const index = inside && active?.getAttribute('date-range') === 'end' ? 1 : 0;
    arrival.current = inside || pressed ? { index, press: pressed } : null;
  });
  useEffect(() => {
    const carried = arrival.current;
    if (!Picker || !carried) return;
    arrival.current = null;
    picker.current?.focus({ index: carried.index });
    if (carried.press) picker.current?.nativeElement?.querySelectorAll('input')[carried.index]?.click();
  }, [Picker]);
  if (Picker) return <Picker ref={picker} {...props} />;
  return <ClosedRangePicker {...props} rootRef={closed} onWant={want} onPress={press} />;
}

/** The closed RangePicker's markup (antd 6.6.8): two inputs, the separator, the active bar and the calendar icon. */
export function ClosedRangePicker({
  id,
  value,
  format,
  'data-testid': testId,
  'aria-label': ariaLabel,
  rootRef,
  onWant,
  onPress,
}: Props & { rootRef: Ref<HTMLDivElement>; onWant: () => void; onPress: () => void }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('picker');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const { status } = useContext(FormItemInputContext);
  const [locale] = useLocale('DatePicker', enUS);
  const placeholders = locale.lang.rangePlaceholder ?? ['', ''];
  const className = [
    prefixCls,
    `${prefixCls}-range`,
    `${prefixCls}-outlined`,
    status === 'error' && `${prefixCls}-status-error`,
    hashId,
    cssVarCls,
    rootCls,
  ]
    .filter(Boolean)
    .join(' ');
  // rc-picker's input size: the format's length (at least 10) plus 2.
  const size = Math.max(10, format.length) + 2;
  const input = (index: 0 | 1) => (
    <div className={`${prefixCls}-input ${prefixCls}-input-${index === 0 ? 'start' : 'end'}`}>
      <input
        aria-invalid="false"
        autoComplete="off"
        data-testid={testId}
        aria-label={ariaLabel}
        size={size}
        id={index === 0 ? id : undefined}
        placeholder={placeholders[index]}
        date-range={index === 0 ? 'start' : 'end'}
        value={value[index]?.format(format) ?? ''}
        onChange={ignore}
        onFocus={onWant}
      />
    </div>
  );
  return (
    <div ref={rootRef} className={className} onPointerEnter={onWant} onPointerDown={onPress}>
      {input(0)}
      <div className={`${prefixCls}-range-separator`}>
        <span aria-hidden="true" className={`${prefixCls}-separator`}>
          <SwapRightOutlined />
        </span>
      </div>
      {input(1)}
      <div className={`${prefixCls}-active-bar`} style={{ position: 'absolute', width: 0 }} />
      <span className={`${prefixCls}-suffix`}>
        <CalendarOutlined aria-hidden="true" />
      </span>
    </div>
  );
}
