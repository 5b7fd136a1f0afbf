import { CloseOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, InputNumber, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMULA_MAX_LENGTH, type FormulaError } from '@kelola/domain';
import { textLimit } from '../../../components/text-limit.ts';
import { validationText } from '../../../lib/error-text.ts';
import { appendPiece, piecesOf, removePiece, type Piece } from './formula-text.ts';
import type { PaletteGroup } from './use-variable-palette.ts';

export type FormulaProblemView = Pick<FormulaError, 'code' | 'position' | 'token'>;

type Props = {
  value: string;
  onChange: (value: string) => void;
  palette: PaletteGroup[];
  /** Problems of the current text (browser check, then the server's); empty when it is valid. */
  problems: FormulaProblemView[];
  checking: boolean;
  disabled?: boolean;
};

const OPERATORS = [
  { text: '+', key: 'plus' },
  { text: '−', key: 'minus' },
  { text: '×', key: 'times' },
  { text: '÷', key: 'divide' },
] as const;

const CHIP_COLOURS: Record<Piece['kind'], string | undefined> = {
  variable: 'blue',
  number: 'gold',
  operator: undefined,
  open: 'purple',
  close: 'purple',
  other: 'red',
};

/** Formats a problem as the builder lists it: the rule's text and where it is. */
export function useProblemText() {
  const { t } = useTranslation('pricing');
  return (problem: FormulaProblemView) => {
    const text = validationText({ code: problem.code });
    if (problem.code === 'FORMULA_TOO_FEW_OPERANDS' || problem.code === 'FORMULA_EMPTY') return text;
    return problem.token
      ? t('builder.at', { text, token: problem.token, position: problem.position + 1 })
      : t('builder.atPosition', { text, position: problem.position + 1 });
  };
}

/**
 * The price-formula builder (spec part 5): buttons for variables, constants, operators and brackets build the same
 * text the text view edits; each chip with a problem is marked where it happens and the problems are listed below.
 */
export function FormulaBuilder({ value, onChange, palette, problems, checking, disabled }: Props) {
  const { t } = useTranslation('pricing');
  const problemText = useProblemText();
  const [constant, setConstant] = useState<string | null>(null);
  const pieces = useMemo(() => piecesOf(value), [value]);
  const add = (piece: string) => onChange(appendPiece(value, piece));
  const problemsAt = (position: number) =>
    problems.filter(
      (problem) => problem.position === position && problem.code !== 'FORMULA_TOO_FEW_OPERANDS' && problem.code !== 'FORMULA_EMPTY',
    );

  return (
    <Flex vertical gap={12} data-testid="formula-builder">
      <Card size="small" title={t('builder.expression')} styles={{ body: { minHeight: 64 } }}>
        {pieces.length === 0 ? (
          <Typography.Text type="secondary">{t('builder.emptyHint')}</Typography.Text>
        ) : (
          <Flex wrap gap={6} align="center" data-testid="formula-chips">
            {pieces.map((piece, index) => {
              const here = problemsAt(piece.position);
              const chip = (
                <Tag
                  key={`${piece.position}-${piece.text}`}
                  color={here.length > 0 ? 'error' : CHIP_COLOURS[piece.kind]}
                  closable={!disabled}
                  closeIcon={<CloseOutlined aria-label={t('builder.removePiece', { piece: piece.text })} />}
                  onClose={(event) => {
                    event.preventDefault();
                    onChange(removePiece(value, index));
                  }}
                  data-invalid={here.length > 0 ? 'true' : undefined}
                  style={{
                    fontSize: 14,
                    padding: '2px 8px',
                    marginInlineEnd: 0,
                    fontFamily: piece.kind === 'variable' ? 'monospace' : undefined,
                    borderStyle: here.length > 0 ? 'dashed' : undefined,
                  }}
                >
                  {piece.text}
                </Tag>
              );
              return here.length > 0 ? (
                <Tooltip key={`${piece.position}-${piece.text}`} title={here.map(problemText).join(' ')}>
                  {chip}
                </Tooltip>
              ) : (
                chip
              );
            })}
          </Flex>
        )}
      </Card>

      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('builder.operators')}</Typography.Text>
        {OPERATORS.map((operator) => (
          <Button
            key={operator.key}
            onClick={() => add(operator.text)}
            disabled={disabled}
            aria-label={t(`builder.op.${operator.key}`)}
            style={{ minWidth: 40, fontWeight: 600 }}
          >
            {operator.text}
          </Button>
        ))}
        <Button onClick={() => add('(')} disabled={disabled} aria-label={t('builder.op.open')} style={{ minWidth: 40 }}>
          (
        </Button>
        <Button onClick={() => add(')')} disabled={disabled} aria-label={t('builder.op.close')} style={{ minWidth: 40 }}>
          )
        </Button>
        <Space.Compact>
          <InputNumber<string>
            stringMode
            min="0"
            value={constant}
            onChange={(next) => setConstant(next)}
            placeholder={t('builder.constant')}
            aria-label={t('builder.constant')}
            disabled={disabled}
            style={{ width: 130 }}
            onPressEnter={(event) => {
              event.preventDefault();
              if (constant) {
                add(constant);
                setConstant(null);
              }
            }}
          />
          <Button
            disabled={disabled || !constant}
            onClick={() => {
              if (!constant) return;
              add(constant);
              setConstant(null);
            }}
          >
            {t('builder.addConstant')}
          </Button>
        </Space.Compact>
        <Button
          icon={<UndoOutlined />}
          disabled={disabled || pieces.length === 0}
          onClick={() => onChange(removePiece(value, pieces.length - 1))}
        >
          {t('builder.undo')}
        </Button>
        <Button icon={<DeleteOutlined />} danger disabled={disabled || pieces.length === 0} onClick={() => onChange('')}>
          {t('builder.clear')}
        </Button>
      </Flex>

      <Flex vertical gap={6}>
        <Typography.Text strong>{t('builder.variables')}</Typography.Text>
        {palette.map((group) => (
          <Flex key={group.key} wrap gap={6} align="center">
            <Typography.Text type="secondary" style={{ minWidth: 140 }}>
              {t(`builder.groups.${group.key}`)}
            </Typography.Text>
            {group.loading && group.names.length === 0 && <Spin size="small" />}
            {Boolean(group.error) && <Typography.Text type="danger">{t('fetchFailed')}</Typography.Text>}
            {!group.loading && !group.error && group.names.length === 0 && (
              <Typography.Text type="secondary">{t('builder.noVariables')}</Typography.Text>
            )}
            {group.names.map((entry) => (
              <Tooltip
                key={entry.name}
                title={[entry.description, entry.value !== undefined ? `= ${entry.value}` : t(`builder.builtin.${entry.name}`)]
                  .filter(Boolean)
                  .join(' ')}
              >
                <Button size="small" disabled={disabled} onClick={() => add(entry.name)} style={{ fontFamily: 'monospace' }}>
                  {entry.name}
                </Button>
              </Tooltip>
            ))}
          </Flex>
        ))}
      </Flex>

      <div>
        <Typography.Text strong>{t('builder.textView')}</Typography.Text>
        <Input.TextArea
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 5 }}
          count={textLimit(FORMULA_MAX_LENGTH)}
          disabled={disabled}
          aria-label={t('builder.textView')}
          placeholder={t('builder.textPlaceholder')}
          status={problems.length > 0 && value.trim() ? 'error' : undefined}
          style={{ fontFamily: 'monospace', marginTop: 4 }}
          data-testid="formula-text"
        />
      </div>

      {value.trim() === '' ? null : problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('builder.problems', { count: problems.length })}
          data-testid="formula-problems"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {problems.map((problem, index) => (
                <li key={`${problem.code}-${problem.position}-${index}`}>{problemText(problem)}</li>
              ))}
            </ul>
          }
        />
      ) : checking ? (
        <Alert type="info" showIcon title={t('builder.checking')} />
      ) : (
        <Alert type="success" showIcon title={t('builder.valid')} data-testid="formula-valid" />
      )}
    </Flex>
  );
}
