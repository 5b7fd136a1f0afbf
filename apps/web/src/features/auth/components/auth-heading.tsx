import { Flex, Typography } from 'antd';

/** Title and subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Flex vertical gap={4} style={{ marginBottom: 24 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </Flex>
  );
}
