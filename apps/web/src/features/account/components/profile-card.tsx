import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { App, Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Me } from '@kelola/contracts/me';
import { optionalText, requiredText } from '@kelola/contracts/validation';
import { zodField } from '../../../components/zod-rules.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useUpdateProfile, type ProfileInput } from '../api/account-api.ts';
import { textLimit } from '../../../components/text-limit.ts';

/** The body of PUT /api/me/profile (identity routes). */
const ProfileSchema = z.object({ first_name: requiredText(100), last_name: optionalText(100) });

/** First and last name; e-mail and phone are shown but changed only through verification, so not here. */
export function ProfileCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileInput>();
  const update = useUpdateProfile({ onSuccess: () => void message.success(t('profile.saved')) });

  useEffect(() => {
    form.setFieldsValue({ first_name: me.first_name, last_name: me.last_name });
  }, [form, me.first_name, me.last_name]);

  const onFinish = (values: ProfileInput) => {
    update.mutate(
      { first_name: values.first_name.trim(), last_name: (values.last_name ?? '').trim() },
      { onError: (error) => applyFieldErrors(form, error) },
    );
  };

  return (
    <Card title={t('profile.title')} data-testid="profile-card">
      <FormError error={update.error} />
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={update.isPending} name="profile">
        <Form.Item name="first_name" label={t('profile.firstName')} {...zodField(ProfileSchema, 'first_name')}>
          <Input autoComplete="given-name" count={textLimit(100)} />
        </Form.Item>
        <Form.Item name="last_name" label={t('profile.lastName')} {...zodField(ProfileSchema, 'last_name')}>
          <Input autoComplete="family-name" count={textLimit(100)} />
        </Form.Item>
        {me.email && (
          <Form.Item label={t('profile.email')}>
            <Input value={me.email} disabled />
          </Form.Item>
        )}
        {me.phone && (
          <Form.Item label={t('profile.phone')}>
            <Input value={me.phone} disabled />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('profile.submit')}
        </Button>
      </Form>
    </Card>
  );
}
