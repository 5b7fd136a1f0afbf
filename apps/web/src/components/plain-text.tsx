import { theme as antdTheme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Headings and texts of the first screens drawn as antd's Typography draws them (its tokens), without Typography:
 * it brings Tooltip and its trigger (for ellipsis and copy) and the form context into the first chunk (ADR 0048).
 */
export function PlainTitle({ level, style, children }: { level: 2 | 3; style?: CSSProperties; children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag
      style={{
        margin: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 2 ? token.fontSizeHeading2 : token.fontSizeHeading3,
        lineHeight: level === 2 ? token.lineHeightHeading2 : token.lineHeightHeading3,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** A secondary text (Typography.Text type="secondary"), optionally as code. */
export function PlainSecondary({ code, children, ...rest }: { code?: boolean; children: ReactNode; 'data-testid'?: string }) {
  const { token } = antdTheme.useToken();
  const style: CSSProperties = { color: token.colorTextSecondary };
  if (code)
    return (
      <span style={style} {...rest}>
        <code
          style={{
            margin: '0 0.2em',
            paddingInline: '0.4em',
            paddingBlock: '0.2em 0.1em',
            fontSize: '85%',
            fontFamily: token.fontFamilyCode,
            background: 'rgba(150, 150, 150, 0.1)',
            border: '1px solid rgba(100, 100, 100, 0.2)',
            borderRadius: 3,
          }}
        >
          {children}
        </code>
      </span>
    );
  return (
    <span style={style} {...rest}>
      {children}
    </span>
  );
}

/** A paragraph (Typography.Paragraph). */
export function PlainParagraph({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return <div style={{ color: token.colorText, marginBottom: '1em', ...style }}>{children}</div>;
}
