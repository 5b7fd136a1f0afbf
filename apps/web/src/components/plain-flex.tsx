import { ConfigProvider } from 'antd';
import useFlexStyle from 'antd/es/flex/style';
import { useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

type Align = 'center' | 'start' | 'end' | 'flex-start' | 'flex-end' | 'baseline' | 'stretch';
type Justify = 'flex-start' | 'flex-end' | 'start' | 'end' | 'center' | 'space-between' | 'space-around' | 'space-evenly';

export type PlainFlexProps = Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'style'> & {
  vertical?: boolean;
  align?: Align;
  justify?: Justify;
  wrap?: boolean;
  gap?: 'small' | 'middle' | 'large' | number;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
};

/**
 * antd 6.6.8's `Flex` as a `div`, drawn by the app (ADR 0064): the same classes (`ant-flex`, `-vertical`, `-align-…`,
 * `-justify-…`, `-wrap-wrap`, `-gap-…`) and style hook, so the same CSS. What the first screens use of it: direction,
 * alignment, wrapping and gap; not `flex`, `component`, `orientation`, ConfigProvider's `flex` settings or right-to-left
 * (the app sets none). `plain-flex.test.tsx` compares its markup with antd's.
 */
export function PlainFlex({ vertical = false, align, justify, wrap, gap, className, style, children, ...rest }: PlainFlexProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('flex');
  const [hashId, cssVarCls] = useFlexStyle(p);
  const preset = typeof gap === 'string';
  const classes = [
    className,
    p,
    hashId,
    cssVarCls,
    wrap && `${p}-wrap-wrap`,
    align ? `${p}-align-${align}` : vertical && `${p}-align-stretch`,
    justify && `${p}-justify-${justify}`,
    preset && `${p}-gap-${gap}`,
    vertical && `${p}-vertical`,
  ];
  const mergedStyle: CSSProperties = { ...style };
  if (gap !== undefined && !preset) mergedStyle.gap = gap;
  return (
    <div className={classes.filter(Boolean).join(' ')} style={mergedStyle} {...rest}>
      {children}
    </div>
  );
}
