import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load.ts';

/** Shown in place of a screen that failed: a chunk that could not load (spec part 8) or an unexpected error. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <Flex align="center" justify="center" style={{ minHeight: 360 }} data-testid="route-error">
      <Result
        status={chunk ? 'warning' : 'error'}
        title={t(chunk ? 'loadError.title' : 'errors.somethingWrong')}
        subTitle={
          <Flex vertical gap={4}>
            <span>{t(chunk ? 'loadError.body' : 'errors.tryAgain')}</span>
            {chunk && (
              <Typography.Text type="secondary" code data-testid="route-error-code">
                {error.code}
              </Typography.Text>
            )}
          </Flex>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('loadError.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
