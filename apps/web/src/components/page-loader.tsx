import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy screen or the session loads. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullPage ? '100vh' : 240 }}>
      <Spin size="large" description={t('loading')}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
