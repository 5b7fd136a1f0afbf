import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Modal, Result, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { errorText } from '../lib/error-text.ts';
import { applyFieldErrors } from '../lib/form-errors.ts';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { PageLoader } from './page-loader.tsx';

export type FormPageProps<V extends object, R> = {
  /** Used for the form's DOM ids (`<name>_<field>`). */
  name: string;
  title: ReactNode;
  description?: ReactNode;
  form: FormInstance<V>;
  /** The list this form belongs to: the back arrow and Cancel go there (with the workspace query). */
  backTo: string;
  /** Values of an existing record; the form mounts once they are loaded. */
  initialValues?: Partial<V>;
  loading?: boolean;
  loadError?: unknown;
  onRetry?: () => void;
  /** Sends the values (usually a mutation's mutateAsync); a rejection shows its field errors on the fields. */
  onSubmit: (values: V) => Promise<R>;
  /** After a successful save: the form is no longer dirty, so navigating away is not blocked. */
  onSaved: (result: R) => void;
  submitText?: ReactNode;
  children: ReactNode;
};

/**
 * The form archetype (STYLE rule 8): antd Form whose fields carry zod-derived rules (zod-rules.ts), server field
 * errors placed on their fields, other failures above the form, and an unsaved-changes warning when leaving
 * (in-app navigation through react-router's blocker, reload or closing the tab through beforeunload).
 */
export function FormPage<V extends object, R>(props: FormPageProps<V, R>) {
  const { name, title, description, form, backTo, initialValues, loading, loadError, onRetry, onSubmit, onSaved, submitText, children } =
    props;
  const { t } = useTranslation('components');
  const location = useLocation();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  // Read by the blocker at navigation time: a save navigates in the same tick as it clears the flag.
  const dirtyRef = useRef(false);

  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const back = withWorkspaceQuery(backTo, location.search);

  const finish = async (values: V) => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const result = await onSubmit(values);
      markDirty(false);
      onSaved(result);
    } catch (error) {
      setSubmitError(error);
      if (applyFieldErrors(form, error)) {
        const first = form.getFieldsError().find((field) => field.errors.length > 0);
        if (first) form.scrollToField(first.name, { block: 'center' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const header = (
    <Flex align="center" gap={12}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('form.back')} onClick={() => void navigate(back)} />
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
      </div>
    </Flex>
  );

  let body: ReactNode;
  if (loading) body = <PageLoader />;
  else if (loadError)
    body = (
      <Result
        status="warning"
        title={t('form.loadFailed')}
        subTitle={errorText(loadError)}
        extra={
          onRetry && (
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              {t('form.retry')}
            </Button>
          )
        }
      />
    );
  else
    body = (
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => {
          if (!dirtyRef.current) markDirty(true);
        }}
        onFinish={(values) => void finish(values)}
        scrollToFirstError={{ block: 'center' }}
        disabled={submitting}
      >
        {submitError !== null && (
          <Alert type="error" showIcon title={errorText(submitError)} style={{ marginBottom: 16 }} data-testid="form-page-error" />
        )}
        {children}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
          <Button onClick={() => void navigate(back)}>{t('form.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitText ?? t('form.save')}
          </Button>
        </Flex>
      </Form>
    );

  return (
    <Flex vertical gap={16} data-testid="form-page">
      {header}
      <Card>{body}</Card>
      <Modal
        open={blocker.state === 'blocked'}
        title={t('form.leaveTitle')}
        okText={t('form.leave')}
        cancelText={t('form.stay')}
        okButtonProps={{ danger: true }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('form.leaveBody')}
      </Modal>
    </Flex>
  );
}
