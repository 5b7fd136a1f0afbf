import { ConfigProvider } from 'antd';
import { PlainFlex } from './plain-flex.tsx';
import useSpinStyle from 'antd/es/spin/style';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * antd 6.6.8's large `Spin` with a description around a placeholder, as it draws itself while spinning (its classes and
 * style hook; the dots turn by CSS alone): the component's code (its delay, its percent, its debounce) is not needed
 * for a spinner shown at once until the screen arrives, and stays off the first chunk (ADR 0063).
 */
export function PlainSpin({ description }: { description: string }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('spin');
  const [hashId, cssVarCls] = useSpinStyle(prefixCls);
  return (
    <div className={`${prefixCls} ${prefixCls}-lg ${prefixCls}-spinning ${hashId} ${cssVarCls}`} aria-live="polite" aria-busy="true">
      <div className={`${prefixCls}-section`}>
        <span className={`${prefixCls}-dot-holder`}>
          <span className={`${prefixCls}-dot ${prefixCls}-dot-spin`}>
            <i className={`${prefixCls}-dot-item`} />
            <i className={`${prefixCls}-dot-item`} />
            <i className={`${prefixCls}-dot-item`} />
            <i className={`${prefixCls}-dot-item`} />
          </span>
        </span>
        <div className={`${prefixCls}-description`}>{description}</div>
      </div>
      <div className={`${prefixCls}-container`}>
        <div style={{ width: 120, height: 80 }} />
      </div>
    </div>
  );
}

/** Shown while a lazy screen or the session loads. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <PlainFlex align="center" justify="center" style={{ minHeight: fullPage ? '100vh' : 240 }}>
      <PlainSpin description={t('loading')} />
    </PlainFlex>
  );
}
