import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Col, Flex, Row, Segmented, theme as antdTheme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeLanguage, toLanguage, type Language } from '../../../../lib/i18n.ts';
import { PRIMARY_COLOR } from '../../../../lib/ui-settings.ts';
import { RegisterForm } from '../../components/register-form.tsx';

const BENEFITS = ['orders', 'stock', 'payments'] as const;

/**
 * /self-register (full-page layout): the public sign-up page merchants share with resellers and distributors.
 * It posts to the same sign-up API as /auth/register and continues with the same phone or e-mail verification.
 */
export function SelfRegisterScreen() {
  const { t, i18n } = useTranslation('auth');
  const { token } = antdTheme.useToken();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid="self-register">
      <Flex justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <Typography.Title level={3} style={{ margin: 0, color: PRIMARY_COLOR }}>
          {t('common:appName')}
        </Typography.Title>
        <Segmented<Language>
          size="small"
          value={language}
          onChange={(value) => void changeLanguage(value)}
          options={[
            { value: 'id', label: t('common:languages.id') },
            { value: 'en', label: t('common:languages.en') },
          ]}
        />
      </Flex>
      <Row gutter={[32, 32]} align="middle" justify="center" style={{ flex: 1, margin: 0, padding: '8px 16px 40px' }}>
        <Col xs={24} md={11} lg={10} xl={9}>
          <Flex vertical gap={16} style={{ maxWidth: 480, marginInline: 'auto' }}>
            <Typography.Title level={1} style={{ margin: 0, fontSize: 34 }}>
              {t('selfRegister.headline')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ fontSize: 16, margin: 0 }}>
              {t('selfRegister.intro')}
            </Typography.Paragraph>
            <Flex vertical gap={12}>
              {BENEFITS.map((benefit) => (
                <Flex key={benefit} gap={12} align="flex-start">
                  <CheckCircleFilled style={{ color: PRIMARY_COLOR, fontSize: 18, marginTop: 3 }} />
                  <Flex vertical>
                    <Typography.Text strong>{t(`selfRegister.benefits.${benefit}.title`)}</Typography.Text>
                    <Typography.Text type="secondary">{t(`selfRegister.benefits.${benefit}.body`)}</Typography.Text>
                  </Flex>
                </Flex>
              ))}
            </Flex>
          </Flex>
        </Col>
        <Col xs={24} md={13} lg={10} xl={8}>
          <Card style={{ maxWidth: 480, marginInline: 'auto' }} styles={{ body: { padding: 32 } }}>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('selfRegister.formTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('selfRegister.formSubtitle')}</Typography.Paragraph>
            <RegisterForm variant="reseller" />
            <Typography.Paragraph style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
              {t('register.haveAccount')} <Link to="/auth/login">{t('register.login')}</Link>
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
