import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductImage } from '@kelola/contracts/catalog';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { useDeleteImage, useReorderImages, useUploadImage } from '../api/product-api.ts';
import { AuthImage } from './auth-image.tsx';
import { IMAGE_EXTENSIONS, imageProblem, imageTag } from './image-rules.ts';

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

type Tile = { key: string; alt: string; src: string | null; local?: string };

function ImageTiles({
  tiles,
  onMove,
  onRemove,
  busy,
}: {
  tiles: Tile[];
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Flex gap={12} wrap data-testid="image-tiles">
      {tiles.map((tile, index) => (
        <Card key={tile.key} size="small" styles={{ body: { padding: 8 } }} style={{ width: 148 }}>
          <Flex vertical gap={6} align="center">
            {tile.local ? (
              <img src={tile.local} alt={tile.alt} style={{ width: 128, height: 128, objectFit: 'cover', borderRadius: 6 }} />
            ) : (
              <AuthImage src={tile.src} alt={tile.alt} size={128} />
            )}
            <Tag color={index === 0 ? 'blue' : index === 1 ? 'cyan' : 'default'}>{t(`images.tag.${imageTag(index)}`)}</Tag>
            <Flex gap={4}>
              <Button
                size="small"
                icon={<ArrowLeftOutlined />}
                disabled={busy || index === 0}
                aria-label={t('images.left')}
                onClick={() => onMove(index, -1)}
              />
              <Button
                size="small"
                icon={<ArrowRightOutlined />}
                disabled={busy || index === tiles.length - 1}
                aria-label={t('images.right')}
                onClick={() => onMove(index, 1)}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={busy}
                aria-label={t('images.remove')}
                onClick={() => onRemove(index)}
              />
            </Flex>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function Picker({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  return (
    <Upload
      accept={ACCEPT}
      multiple
      showUploadList={false}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) message.error(`${file.name}: ${validationText({ code: problem })}`);
        else onFile(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('images.add')}
      </Button>
    </Upload>
  );
}

const move = <T,>(list: T[], index: number, by: -1 | 1): T[] => {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item as T);
  return next;
};

/** Images of a saved product: uploaded, reordered and deleted at once through the API. */
export function ProductImages({ productId, images }: { productId: string; images: ProductImage[] }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const [list, setList] = useState(images);
  useEffect(() => setList(images), [images]);
  const upload = useUploadImage(productId);
  const reorder = useReorderImages(productId, { onSuccess: (result) => setList(result.items) });
  const remove = useDeleteImage(productId);
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const fail = (error: unknown) => message.error(errorText(error));

  return (
    <Flex vertical gap={12} data-testid="product-images">
      <Typography.Text type="secondary">{t('images.hint')}</Typography.Text>
      <ImageTiles
        busy={busy}
        tiles={list.map((image) => ({ key: image.id, alt: image.name, src: image.thumbnail_url ?? image.url }))}
        onMove={(index, by) => {
          const next = move(list, index, by);
          setList(next);
          reorder.mutateAsync(next.map((i) => i.id)).catch(fail);
        }}
        onRemove={(index) => {
          const image = list[index];
          if (image) remove.mutateAsync(image.id).catch(fail);
        }}
      />
      <Picker busy={upload.isPending} onFile={(file) => upload.mutateAsync(file).catch(fail)} />
    </Flex>
  );
}

/** Images chosen before the product exists: kept here and uploaded in order once it is saved. */
export function PendingImages({ files, onChange }: { files: File[]; onChange: Dispatch<SetStateAction<File[]>> }) {
  const { t } = useTranslation('catalog');
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return (
    <Flex vertical gap={12} data-testid="product-images">
      <Typography.Text type="secondary">{t('images.hint')}</Typography.Text>
      <ImageTiles
        busy={false}
        tiles={files.map((file, index) => ({ key: `${file.name}-${index}`, alt: file.name, src: null, local: urls[index] }))}
        onMove={(index, by) => onChange(move(files, index, by))}
        onRemove={(index) => onChange(files.filter((_, i) => i !== index))}
      />
      <Picker busy={false} onFile={(file) => onChange((current) => [...current, file])} />
    </Flex>
  );
}
