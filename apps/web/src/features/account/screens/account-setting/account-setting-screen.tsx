import { Button, Col, Flex, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { PasswordCard } from '../../components/password-card.tsx';
import { PreferencesCard } from '../../components/preferences-card.tsx';
import { ProfileCard } from '../../components/profile-card.tsx';

/** /account-setting: profile, password change and the user's settings (language, theme, menu layout). */
export function AccountSettingScreen() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const me = useMe(params.get('workspace_id'));

  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={errorText(me.error)}
        extra={<Button onClick={() => void me.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap={16}>
            <ProfileCard me={me.data} />
            <PreferencesCard settings={me.data.settings} />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard username={me.data.email ?? me.data.phone} />
        </Col>
      </Row>
    </Flex>
  );
}
