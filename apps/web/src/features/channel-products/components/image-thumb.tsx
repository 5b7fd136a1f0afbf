import { PictureOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../../lib/file-api.ts';

/** A master product image (the API needs the bearer token): fetched as a blob, an icon until then. */
export function ImageThumb({ src, alt, size = 64 }: { src: string; alt: string; size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    fetchFile(src)
      .then((blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [src]);
  const box = { width: size, height: size, borderRadius: 6, objectFit: 'cover' as const, background: '#f5f5f5' };
  return url ? (
    <img src={url} alt={alt} style={box} />
  ) : (
    <span
      role="img"
      aria-label={alt}
      style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: '#bfbfbf' }}
    >
      <PictureOutlined />
    </span>
  );
}
