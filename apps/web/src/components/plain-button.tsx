import { ConfigProvider } from 'antd';
import Wave from 'antd/es/_util/wave';
import DefaultLoadingIcon from 'antd/es/button/DefaultLoadingIcon';
import useButtonStyle from 'antd/es/button/style';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { useContext, useEffect, useRef, type CSSProperties, type MouseEvent } from 'react';

export type PlainButtonProps = {
  htmlType?: 'submit' | 'button';
  size?: 'large';
  block?: boolean;
  loading?: boolean;
  style?: CSSProperties;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  children: string;
};

/**
 * antd 6.6.8's primary `Button` with a text (the sign-in page's submit, the error screen's reload), drawn by the
 * app (ADR 0063): the same classes and style hook, the same click wave (antd's `Wave`), the same loading icon and its
 * motion (antd's `DefaultLoadingIcon`), disabled by the form as antd's is (`DisabledContext`). The Button component
 * itself (its variants, groups, compact items, two-character spacing, links) stays off the sign-in page's first chunk.
 * `plain-button.test.tsx` compares its markup with antd's, idle, disabled and loading.
 */
export function PlainButton({ htmlType = 'button', size, block = false, loading = false, style, onClick, children }: PlainButtonProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('btn');
  const [hashId, cssVarCls] = useButtonStyle(prefixCls);
  const disabled = useContext(DisabledContext);
  // antd's Button: the loading icon's motion plays only after the first render.
  const mounting = useRef(true);
  useEffect(() => {
    mounting.current = false;
    return () => {
      mounting.current = true;
    };
  }, []);
  const className = [
    prefixCls,
    hashId,
    cssVarCls,
    `${prefixCls}-primary`,
    `${prefixCls}-color-primary`,
    `${prefixCls}-variant-solid`,
    size === 'large' && `${prefixCls}-lg`,
    loading && `${prefixCls}-loading`,
    block && `${prefixCls}-block`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Wave component="Button" disabled={loading}>
      <button
        type={htmlType}
        className={className}
        style={style}
        disabled={disabled}
        onClick={(event) => {
          if (loading || disabled) event.preventDefault();
          else onClick?.(event);
        }}
      >
        <DefaultLoadingIcon existIcon={false} prefixCls={prefixCls} loading={loading} mount={mounting.current} />
        <span>{children}</span>
      </button>
    </Wave>
  );
}
