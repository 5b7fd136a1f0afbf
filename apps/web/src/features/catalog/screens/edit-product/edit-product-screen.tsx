import { App, Divider, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Product } from '@kelola/contracts/catalog';
import { FormPage } from '../../../../components/form-page.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useProduct, useUpdateProduct } from '../../api/product-api.ts';
import { ProductPublications } from '../../components/product-publications.tsx';
import { ProductImages } from '../../components/image-manager.tsx';
import { ProductFormFields } from '../../components/product-form-fields.tsx';
import { fromProduct, toProductInput, type ProductFormValues } from '../../components/product-form-values.ts';
import { ProductVideoField } from '../../components/video-upload.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';

/** /product/edit?id=…: every field of a saved product (PUT replaces it); images and the video file change at once. */
export function EditProductScreen() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [form] = Form.useForm<ProductFormValues>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const product = useProduct(id || undefined);
  const update = useUpdateProduct(id);

  if (!id) return <Result status="404" title={t('form.noId')} />;

  return (
    <WriteGuard menuKey="product" backTo="/product" ns="catalog">
      <FormPage<ProductFormValues, Product>
        // A different record is a different form: initial values apply only when the form mounts.
        key={product.data?.id ?? 'loading'}
        name="product"
        title={t('form.editTitle')}
        description={product.data ? t('form.editDescription', { name: product.data.name }) : undefined}
        form={form}
        backTo="/product"
        loading={product.isPending}
        loadError={product.error}
        onRetry={() => void product.refetch()}
        initialValues={product.data ? fromProduct(product.data) : undefined}
        // The whole store: SKU rows keep their options and ids, which have no input of their own.
        onSubmit={() => update.mutateAsync(toProductInput(form.getFieldsValue(true) as ProductFormValues))}
        onSaved={(saved) => {
          notification.success({ title: t('notify.updated', { name: saved.name }), placement: 'topRight' });
          void navigate(withWorkspaceQuery('/product', location.search));
        }}
      >
        <ProductFormFields
          form={form}
          editing
          hasVideoFile={Boolean(product.data?.video)}
          availability={product.data?.availability}
          video={
            product.data && (
              // The server cleared the YouTube link: so does the form, or saving it would put the link back.
              <ProductVideoField
                productId={product.data.id}
                video={product.data.video}
                onUploaded={() => form.setFieldValue('video_url', '')}
              />
            )
          }
        />
        <Divider titlePlacement="start">{t('form.sections.images')}</Divider>
        {product.data && <ProductImages productId={product.data.id} images={product.data.images} />}
        <Divider titlePlacement="start">{t('publications.title')}</Divider>
        {product.data && <ProductPublications productId={product.data.id} />}
      </FormPage>
    </WriteGuard>
  );
}
