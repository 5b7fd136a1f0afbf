import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordProblems, type PasswordProblem } from '@kelola/domain/password';

const SHOWN_RULES: PasswordProblem[] = ['PASSWORD_MIN', 'PASSWORD_UPPERCASE', 'PASSWORD_NUMBER', 'PASSWORD_SPECIAL'];

/** Spec part 5 password rules as a live checklist under the password field. */
export function PasswordRules({ value }: { value: string | undefined }) {
  const { t } = useTranslation('auth');
  const problems = new Set(passwordProblems(value ?? ''));
  return (
    <Flex vertical gap={2} style={{ marginTop: -12, marginBottom: 16 }} data-testid="password-rules">
      {SHOWN_RULES.map((rule) => {
        const ok = Boolean(value) && !problems.has(rule);
        return (
          <Typography.Text key={rule} type={ok ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
            {ok ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(`passwordRules.${rule}`)}
          </Typography.Text>
        );
      })}
    </Flex>
  );
}
