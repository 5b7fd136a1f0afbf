import { PlainFlex } from '../../../components/plain-flex.tsx';
import { PlainSecondary, PlainTitle } from '../../../components/plain-text.tsx';

/** Title and subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <PlainFlex vertical gap={4} style={{ marginBottom: 24 }}>
      <PlainTitle level={3} style={{ margin: 0 }}>
        {title}
      </PlainTitle>
      {subtitle && <PlainSecondary>{subtitle}</PlainSecondary>}
    </PlainFlex>
  );
}
