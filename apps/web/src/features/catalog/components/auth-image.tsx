import { PictureOutlined } from '@ant-design/icons';
import { useEffect, useState, type CSSProperties } from 'react';
import { fetchFile } from '../../../lib/file-api.ts';

type Props = { src: string | null; alt: string; size?: number; style?: CSSProperties };

/** A product image from the API (which needs the bearer token): fetched as a blob; a placeholder icon meanwhile or without one. */
export function AuthImage({ src, alt, size = 48, style }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return undefined;
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
  const box: CSSProperties = {
    width: size,
    height: size,
    borderRadius: 6,
    objectFit: 'cover',
    background: '#f5f5f5',
    flex: 'none',
    ...style,
  };
  if (!src || !url) {
    return (
      <span
        role="img"
        aria-label={alt}
        style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: '#bfbfbf' }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return <img src={url} alt={alt} style={box} />;
}
