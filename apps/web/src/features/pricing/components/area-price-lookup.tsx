import '../../../lib/dayjs-language.ts';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money-text.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useAreaPriceLookup, type LookupParams } from '../api/area-price-api.ts';
import { AreaPicker, deepestArea, type AreaPickerValues } from './area-picker.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Values = AreaPickerValues & { customer_type: string; date: Dayjs | null };

/** "What does customer type X in area Y pay on date Z": the server picks the most specific area in force. */
export function AreaPriceLookupCard({ catalogId }: { catalogId: string }) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm<Values>();
  const [params, setParams] = useState<LookupParams | null>(null);
  const lookup = useAreaPriceLookup(params && params.catalog_id === catalogId ? params : null);
  const answer = lookup.data;

  return (
    <Card title={t('lookup.title')} size="small" data-testid="area-price-lookup">
      <Form<Values>
        form={form}
        layout="vertical"
        name="area-lookup"
        initialValues={{ date: dayjs() }}
        onFinish={(values) =>
          setParams({
            catalog_id: catalogId,
            customer_type: values.customer_type.trim().toUpperCase(),
            area_code: deepestArea(values),
            date: values.date ? values.date.format('YYYY-MM-DD') : undefined,
          })
        }
      >
        <Row gutter={12}>
          <AreaPicker form={form} span={8} />
          <Col xs={24} md={8}>
            <Form.Item
              name="customer_type"
              label={t('areaPrice.customerType')}
              rules={[{ required: true, whitespace: true, message: t('areaPrice.required') }]}
              normalize={(v: string) => v?.toUpperCase()}
            >
              <Input placeholder="RESELLER" count={textLimit(30)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date" label={t('lookup.date')}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label=" ">
              <Button htmlType="submit" icon={<SearchOutlined />} loading={lookup.isFetching}>
                {t('lookup.run')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {lookup.error && <Alert type="error" showIcon title={errorText(lookup.error)} />}
      {answer && params && !lookup.error && (
        <Alert
          type={answer.source === 'AREA' ? 'success' : 'info'}
          showIcon
          data-testid="lookup-answer"
          title={
            <span>
              {t('lookup.answer', { type: params.customer_type, date: dayjs(answer.date).format('DD/MM/YYYY') })}{' '}
              <Typography.Text strong>
                <MoneyText value={answer.price} />
              </Typography.Text>
            </span>
          }
          description={
            answer.source === 'AREA'
              ? t('lookup.fromArea', { level: t(`area.${answer.area_level ?? 'province'}`), code: answer.area_code })
              : t('lookup.fromList')
          }
        />
      )}
    </Card>
  );
}
