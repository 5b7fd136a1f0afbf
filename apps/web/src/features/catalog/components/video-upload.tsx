import { DeleteOutlined, PlayCircleOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductVideo } from '@kelola/contracts/catalog';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { currentFormatLocale } from '../../../lib/format.ts';
import { fetchFile } from '../../../lib/file-api.ts';
import { useDeleteVideo, useUploadVideo } from '../api/video-api.ts';
import { VIDEO_ACCEPT, videoProblem } from './video-rules.ts';

const megabytes = (bytes: number) =>
  new Intl.NumberFormat(currentFormatLocale(), { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** The server's reason on the video field (format, size …), else the error's own text; nothing for a cancelled upload. */
function uploadError(error: unknown): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (isApiError(error)) {
    const issue = error.fieldIssues.find((f) => f.path === 'video');
    if (issue) return validationText(issue);
  }
  return errorText(error);
}

/** A local object URL for a chosen file, revoked when the file changes or the control goes. */
function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function Picker({
  onFile,
  onProblem,
  disabled,
  replace,
}: {
  onFile: (file: File) => void;
  onProblem: (text: string) => void;
  disabled: boolean;
  replace: boolean;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Upload
      accept={VIDEO_ACCEPT}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        const problem = videoProblem(file);
        if (problem) onProblem(validationText({ code: problem }));
        else onFile(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {replace ? t('video.replace') : t('video.upload')}
      </Button>
    </Upload>
  );
}

function Preview({ src, caption, onRemove, busy }: { src: string | null; caption: string; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <Card size="small" styles={{ body: { padding: 12 } }} style={{ maxWidth: 420 }}>
      <Flex vertical gap={8}>
        {src && (
          <video
            src={src}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: 240, borderRadius: 6, background: '#000' }}
            data-testid="video-preview"
          />
        )}
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text type="secondary">{caption}</Typography.Text>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={busy} onClick={onRemove}>
            {t('video.remove')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * The uploaded video of a saved product: upload (size and type checked first, with progress and cancel), preview
 * with <video>, replace and remove. An upload replaces the YouTube link; `onUploaded` lets the form clear its copy.
 */
export function ProductVideoField({
  productId,
  video,
  onUploaded,
}: {
  productId: string;
  video: ProductVideo | null;
  onUploaded?: (video: ProductVideo) => void;
}) {
  const { t } = useTranslation('catalog');
  const { modal, notification } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ file: File; video: ProductVideo } | null>(null);
  const [fetched, setFetched] = useState<Blob | null>(null);
  const [loadingPreview, setLoadingPreview] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadVideo(productId, {
    onSuccess: (saved) => {
      notification.success({ title: t('video.uploaded'), placement: 'topRight' });
      onUploaded?.(saved);
    },
  });
  const remove = useDeleteVideo(productId, {
    onSuccess: () => {
      setSent(null);
      setFetched(null);
    },
  });
  // The file just sent previews from memory; a saved one is fetched (it needs the bearer token) when asked for.
  const localUrl = useObjectUrl(sent?.file ?? fetched);
  // Until the product is read again, the answer of the upload is the current video.
  const current = sent?.video ?? video;
  // Leaving the form stops an upload in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const start = (file: File) => {
    setProblem(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    upload
      .mutateAsync({ file, onProgress: setProgress, signal: controller.signal })
      .then((saved) => {
        setSent({ file, video: saved });
        setFetched(null);
      })
      .catch((error: unknown) => setProblem(uploadError(error)))
      .finally(() => setProgress(null));
  };

  const loadPreview = () => {
    if (!current) return;
    setLoadingPreview(true);
    fetchFile(current.url)
      .then(setFetched)
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setLoadingPreview(false));
  };

  const confirmRemove = () =>
    modal.confirm({
      title: t('video.removeTitle'),
      content: t('video.removeBody'),
      okText: t('video.remove'),
      cancelText: t('bulk.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch((error: unknown) => setProblem(errorText(error))),
    });

  const uploading = progress !== null;
  return (
    <Flex vertical gap={8} data-testid="product-video">
      <Typography.Text type="secondary">{t('video.hint')}</Typography.Text>
      {current && !uploading && (
        <>
          <Preview
            src={localUrl}
            caption={t('video.saved', { format: current.format.toUpperCase(), size: megabytes(current.size) })}
            onRemove={confirmRemove}
            busy={remove.isPending}
          />
          {!localUrl && (
            <Button icon={<PlayCircleOutlined />} loading={loadingPreview} onClick={loadPreview} style={{ alignSelf: 'flex-start' }}>
              {t('video.preview')}
            </Button>
          )}
        </>
      )}
      {uploading && (
        <Flex align="center" gap={12} style={{ maxWidth: 420 }}>
          <Progress percent={progress} status="active" aria-label={t('video.uploading')} style={{ flex: 1, margin: 0 }} />
          <Button size="small" icon={<StopOutlined />} onClick={() => abort.current?.abort()}>
            {t('video.cancel')}
          </Button>
        </Flex>
      )}
      <Picker onFile={start} onProblem={setProblem} disabled={uploading || remove.isPending} replace={Boolean(current)} />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A video chosen before the product exists: previewed here and uploaded once the product is saved (with progress). */
export function PendingVideo({
  file,
  onChange,
  progress,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  progress: number | null;
}) {
  const { t } = useTranslation('catalog');
  const [problem, setProblem] = useState<string | null>(null);
  const url = useObjectUrl(file);
  return (
    <Flex vertical gap={8} data-testid="product-video">
      <Typography.Text type="secondary">{t('video.hint')}</Typography.Text>
      {file && (
        <Preview
          src={url}
          caption={t('video.pending', { name: file.name, size: megabytes(file.size) })}
          onRemove={() => onChange(null)}
          busy={progress !== null}
        />
      )}
      {progress !== null && <Progress percent={progress} status="active" aria-label={t('video.uploading')} style={{ maxWidth: 420 }} />}
      <Picker
        onFile={(chosen) => {
          setProblem(null);
          onChange(chosen);
        }}
        onProblem={setProblem}
        disabled={progress !== null}
        replace={Boolean(file)}
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
