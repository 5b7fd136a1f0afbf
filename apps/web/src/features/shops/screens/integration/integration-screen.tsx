import { ApiOutlined, KeyOutlined, ShopOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AddStoreResult, Integration, IntegrationCode } from '@kelola/contracts/channel-shops';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useDistributorChannels, useOpenDistributorChannel } from '../../../../lib/distributor-channels.ts';
import { isApiError } from '../../../../lib/api-error.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { startAuthorization, useAuthorizeIntegration, useIntegrations } from '../../api/shops-api.ts';
import { AddStoreSuccess } from '../../components/add-store-success.tsx';
import {
  clearIntegration,
  CLEANUP_DELAY_MS,
  RETURN_PARAMS,
  returnPageUrl,
  saveIntegration,
  savedChannel,
} from '../../integration-storage.ts';

/**
 * /integration and /integration/list: every marketplace with its state. Connect saves where to come back and which
 * marketplace, then opens the marketplace's authorization page; coming back with a code (merged into this page's
 * query by the return page), the authorize call follows (spec parts 2 and 8).
 */
export function IntegrationScreen() {
  const { t } = useTranslation('shops');
  const { notification, message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const integrations = useIntegrations();
  const [opening, setOpening] = useState<IntegrationCode | null>(null);
  const [authorizing, setAuthorizing] = useState(false);
  const [success, setSuccess] = useState<AddStoreResult | null>(null);
  const authorize = useAuthorizeIntegration();
  const started = useRef(false);
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const distributor = useDistributorChannels().data?.items[0];
  const openDistributor = useOpenDistributorChannel();
  const distributorProducts = (channelId: string) => link(`/product-channel/${channelId}/product/synchronize`);

  const code = params.get('code');
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const channel = savedChannel();
    // Drop the return query from the address bar: a reload must not spend the code twice.
    const clean = new URLSearchParams(location.search);
    for (const key of RETURN_PARAMS) clean.delete(key);
    const search = clean.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
    const fail = (alreadyConfirmed: boolean) => {
      // Spec part 8: after 2 seconds the loading flag goes, the stored callback and channel are removed, and the notice shows.
      setTimeout(() => {
        setAuthorizing(false);
        clearIntegration();
        if (alreadyConfirmed) void message.warning(t('addStore.alreadyConfirmed'));
        else notification.error({ title: t('integration.failedTitle'), description: t('integration.failedBody') });
      }, CLEANUP_DELAY_MS);
    };
    if (!channel || params.get('error')) {
      setAuthorizing(true);
      fail(false);
      return;
    }
    setAuthorizing(true);
    authorize.mutate(
      {
        code: channel.code,
        body: {
          code,
          ...(params.get('shop_id') ? { shop_id: params.get('shop_id') ?? '' } : {}),
          ...(params.get('main_account_id') ? { main_account_id: params.get('main_account_id') ?? '' } : {}),
          ...(params.get('app_key') ? { app_key: params.get('app_key') ?? '' } : {}),
          // The state the auth-url call issued: the server refuses a return it did not start (ADR 0039).
          ...(params.get('state') ? { state: params.get('state') ?? '' } : {}),
          redirect_url: returnPageUrl(window.location.origin, channel.code),
        },
      },
      {
        onSuccess: (result) => {
          clearIntegration();
          setAuthorizing(false);
          setSuccess(result);
        },
        onError: (error) => fail(isApiError(error) && error.status === 409),
      },
    );
    // Runs once per return: the code is spent by the first call.
  }, [code]); // eslint-disable-line react-hooks/exhaustive-deps

  const connect = async (integration: Integration) => {
    if (integration.authorization === 'credentials') {
      void navigate(link(`/add-store?marketplace=${integration.code}`));
      return;
    }
    setOpening(integration.code);
    try {
      saveIntegration(`${location.pathname}${location.search}`, integration.code);
      const { url } = await startAuthorization(integration.code, returnPageUrl(window.location.origin, integration.code));
      window.location.assign(url);
    } catch (error) {
      clearIntegration();
      setOpening(null);
      notification.error({
        title: t('integration.failedTitle'),
        description: isApiError(error) ? error.message : t('integration.failedBody'),
      });
    }
  };

  return (
    <Spin spinning={authorizing} tip={t('integration.authorizing')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t('integration.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('integration.subtitle')}</Typography.Text>
        </div>
        <Row gutter={[16, 16]}>
          {(integrations.data?.items ?? []).map((integration) => (
            <Col key={integration.code} xs={24} sm={12} lg={8}>
              <Card
                title={integration.name}
                data-testid={`integration-${integration.code}`}
                extra={integration.code === 'tokopedia' ? <Tag>{t('integration.viaTiktok')}</Tag> : null}
                actions={[
                  <PermissionGate key="connect" menuKey="store-list" action="WRITE">
                    <Button
                      type="primary"
                      icon={integration.authorization === 'oauth' ? <ApiOutlined /> : <KeyOutlined />}
                      disabled={!integration.configured}
                      loading={opening === integration.code}
                      onClick={() => void connect(integration)}
                      aria-label={`${t('integration.connect')} ${integration.name}`}
                    >
                      {integration.authorization === 'oauth' ? t('integration.connect') : t('integration.addWithKeys')}
                    </Button>
                  </PermissionGate>,
                ]}
              >
                <Space direction="vertical" size={4}>
                  <Typography.Text type="secondary">
                    {integration.authorization === 'oauth' ? t('integration.byOauth') : t('integration.byKeys')}
                  </Typography.Text>
                  {!integration.configured && <Tag color="warning">{t('integration.notConfigured')}</Tag>}
                  {integration.connected > 0 && <Tag color="success">{t('integration.connected', { count: integration.connected })}</Tag>}
                  {integration.disconnected > 0 && (
                    <Tag color="error">{t('integration.disconnected', { count: integration.disconnected })}</Tag>
                  )}
                </Space>
              </Card>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={8}>
            <Card
              title={t('integration.distributor.title')}
              data-testid="integration-distributor"
              actions={[
                distributor ? (
                  <Button key="products" icon={<ShopOutlined />} onClick={() => void navigate(distributorProducts(distributor.id))}>
                    {t('integration.distributor.products')}
                  </Button>
                ) : (
                  <PermissionGate key="open" menuKey="store-list" action="WRITE">
                    <Button
                      type="primary"
                      icon={<ShopOutlined />}
                      loading={openDistributor.isPending}
                      onClick={() =>
                        openDistributor.mutate(t('integration.distributor.defaultName'), {
                          onSuccess: (channel) => {
                            void message.success(t('integration.distributor.opened'));
                            void navigate(distributorProducts(channel.id));
                          },
                          onError: (error) =>
                            notification.error({
                              title: t('integration.failedTitle'),
                              description: isApiError(error) ? error.message : t('integration.failedBody'),
                            }),
                        })
                      }
                    >
                      {t('integration.distributor.open')}
                    </Button>
                  </PermissionGate>
                ),
              ]}
            >
              <Space direction="vertical" size={4}>
                <Typography.Text type="secondary">{t('integration.distributor.body')}</Typography.Text>
                {distributor && <Tag color="success">{t('integration.distributor.active', { name: distributor.name })}</Tag>}
              </Space>
            </Card>
          </Col>
        </Row>
      </Space>
      <AddStoreSuccess
        result={success}
        onClose={() => {
          setSuccess(null);
          void navigate(link('/store'));
        }}
        onMap={(storeId) => {
          setSuccess(null);
          void navigate(link(`/store?warehouses=${storeId}`));
        }}
      />
    </Spin>
  );
}
