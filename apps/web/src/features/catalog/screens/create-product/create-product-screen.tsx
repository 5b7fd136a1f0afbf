import { App, Divider, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@kelola/contracts/catalog';
import { FormPage } from '../../../../components/form-page.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { uploadImage, useCreateProduct } from '../../api/product-api.ts';
import { uploadVideo } from '../../api/video-api.ts';
import { PendingImages } from '../../components/image-manager.tsx';
import { ProductFormFields } from '../../components/product-form-fields.tsx';
import { EMPTY_PRODUCT, toProductInput, type ProductFormValues } from '../../components/product-form-values.ts';
import { PendingVideo } from '../../components/video-upload.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';

/** /product/create: a single, variant or bundling product; images and a video chosen here are uploaded once it is saved. */
export function CreateProductScreen() {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<ProductFormValues>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateProduct();
  const [files, setFiles] = useState<File[]>([]);
  const [video, setVideo] = useState<File | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);

  const chooseVideo = (file: File | null) => {
    setVideo(file);
    // A video is a file or a YouTube link, not both.
    if (file) form.setFieldValue('video_url', '');
  };

  const save = async (): Promise<{ product: Product; failed: number }> => {
    // The whole store: SKU rows keep their options and ids, which have no input of their own.
    const product = await create.mutateAsync(toProductInput(form.getFieldsValue(true) as ProductFormValues));
    let failed = 0;
    for (const file of files) {
      try {
        await uploadImage(product.id, file);
      } catch (error) {
        failed += 1;
        notification.error({ title: file.name, description: errorText(error), placement: 'topRight' });
      }
    }
    if (video) {
      try {
        setVideoProgress(0);
        await uploadVideo(product.id, video, { onProgress: setVideoProgress });
      } catch (error) {
        failed += 1;
        notification.error({ title: video.name, description: errorText(error), placement: 'topRight' });
      } finally {
        setVideoProgress(null);
      }
    }
    return { product, failed };
  };

  return (
    <WriteGuard menuKey="product" backTo="/product" ns="catalog">
      <FormPage<ProductFormValues, { product: Product; failed: number }>
        name="product"
        title={t('form.createTitle')}
        description={t('form.createDescription')}
        form={form}
        backTo="/product"
        initialValues={EMPTY_PRODUCT}
        onSubmit={save}
        onSaved={({ product, failed }) => {
          notification.success({ title: t('notify.created', { name: product.name }), placement: 'topRight' });
          // With a failed image or video the merchant lands on the edit form to try again.
          const to = failed > 0 ? `/product/edit?id=${encodeURIComponent(product.id)}` : '/product';
          void navigate(withWorkspaceQuery(to, location.search));
        }}
      >
        <ProductFormFields
          form={form}
          hasVideoFile={video !== null}
          video={<PendingVideo file={video} onChange={chooseVideo} progress={videoProgress} />}
        />
        <Divider titlePlacement="start">{t('form.sections.images')}</Divider>
        <PendingImages files={files} onChange={setFiles} />
      </FormPage>
    </WriteGuard>
  );
}
