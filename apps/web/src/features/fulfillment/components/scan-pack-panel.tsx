import type { FulfillmentDetail, FulfillmentKind } from '@kelola/contracts/fulfillment';
import { Alert, Button, Flex, Input, Progress, Table, Tag, Typography, type InputRef } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from '../../../components/use-dialog-focus.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/error-text.ts';
import { fetchFulfillment, lookupScan, useFulfillmentWrite } from '../api/fulfillment-api.ts';
import { isComplete, scan, scannedPayload, startPacking, undo, type PackLine, type PackState } from '../logic/scan-pack.ts';

type Message = { type: 'success' | 'info' | 'warning' | 'error'; text: string };

/** Steps at which an order can be packed by scanning. */
const PACKABLE = ['PICK_CONFIRMED', 'PACK_CONFIRMED'];

/**
 * Scan to pack (issue 14), keyboard only: the input keeps the focus; a keyboard-wedge scanner types a code and Enter.
 * First the order's or the receipt's barcode, then each item; a wrong or an extra item is refused with a loud red
 * alert (and a beep where the browser can); Enter on an empty input confirms packing once everything matches; Esc
 * starts again with another order.
 */
export function ScanPackPanel({ kind, onPacked }: { kind: FulfillmentKind; onPacked?: (detail: FulfillmentDetail) => void }) {
  const { t } = useTranslation('fulfillment');
  const [code, setCode] = useState('');
  const [order, setOrder] = useState<FulfillmentDetail | null>(null);
  const [state, setState] = useState<PackState | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [looking, setLooking] = useState(false);
  const write = useFulfillmentWrite(kind);
  // The input keeps the focus: when the dialog opens, and after every scan (a new order, a new message).
  const input = useDialogFocus<InputRef>([order, message]);

  const reset = () => {
    setOrder(null);
    setState(null);
    setMessage(null);
    setCode('');
  };

  const loudly = (text: string) => {
    setMessage({ type: 'error', text });
    beep();
  };

  const findOrder = async (scanned: string) => {
    setLooking(true);
    try {
      const { order_id } = await lookupScan(kind, scanned);
      const detail = await fetchFulfillment(kind, order_id);
      if (!PACKABLE.includes(detail.fulfillment.step)) {
        loudly(t('scan.wrongStep', { number: detail.order_number, step: t(`steps.${detail.fulfillment.step}`) }));
        return;
      }
      setOrder(detail);
      setState(startPacking(detail.pack_lines as PackLine[]));
      setMessage({ type: 'info', text: t('scan.itemPrompt') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) loudly(t('scan.orderNotFound', { code: scanned }));
      else loudly(errorText(error));
    } finally {
      setLooking(false);
    }
  };

  const confirm = async () => {
    if (!order || !state || !isComplete(state)) return;
    try {
      const detail = await write.mutateAsync({ id: order.id, write: { kind: 'pack', scanned: scannedPayload(state) } });
      onPacked?.(detail);
      reset();
      setMessage({ type: 'success', text: t('scan.packed', { number: detail.order_number }) });
    } catch (error) {
      loudly(errorText(error));
    }
  };

  const submit = () => {
    const scanned = code.trim();
    setCode('');
    if (!scanned) {
      void confirm();
      return;
    }
    if (!order || !state) {
      void findOrder(scanned);
      return;
    }
    const next = scan(state, scanned);
    setState(next);
    const last = next.last!;
    const line = order.pack_lines.find((l) => l.id === last.lineId);
    const name = line?.name ?? scanned;
    if (last.outcome === 'WRONG') loudly(t('scan.WRONG', { code: scanned }));
    else if (last.outcome === 'EXTRA') loudly(t('scan.EXTRA', { name }));
    else setMessage({ type: last.outcome === 'ALL_DONE' ? 'success' : 'info', text: t(`scan.${last.outcome}`, { name }) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      reset();
    }
  };

  const total = order?.pack_lines.reduce((sum, l) => sum + l.quantity, 0) ?? 0;
  const done = state ? Object.values(state.counts).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Flex vertical gap={12} data-testid="scan-pack">
      <Typography.Text type="secondary">{t('scan.help')}</Typography.Text>
      <Input
        ref={input}
        size="large"
        data-testid="scan-input"
        aria-label={t('scan.input')}
        placeholder={order ? t('scan.itemPrompt') : t('scan.orderPrompt')}
        value={code}
        disabled={looking || write.isPending}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={submit}
        onKeyDown={onKeyDown}
      />
      {message && (
        <Alert
          data-testid="scan-message"
          data-type={message.type}
          role={message.type === 'error' ? 'alert' : 'status'}
          type={message.type}
          showIcon
          message={<span style={message.type === 'error' ? { fontSize: 18, fontWeight: 700 } : undefined}>{message.text}</span>}
        />
      )}
      {order && state && (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="scan-order">
              {t('scan.order', { number: order.order_number })}
            </Typography.Title>
            <span data-testid="scan-progress">{t('scan.progress', { done, total })}</span>
          </Flex>
          <Progress percent={total ? Math.round((done / total) * 100) : 0} showInfo={false} />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.pack_lines}
            columns={[
              { title: t('detail.sku'), dataIndex: 'sku' },
              { title: t('detail.name'), dataIndex: 'name' },
              {
                title: t('detail.quantity'),
                key: 'count',
                align: 'right',
                render: (_v, line) => {
                  const n = state.counts[line.id] ?? 0;
                  return (
                    <Tag color={n === line.quantity ? 'success' : 'default'} data-testid={`scan-count-${line.sku ?? line.id}`}>
                      {n} / {line.quantity}
                    </Tag>
                  );
                },
              },
              {
                key: 'undo',
                render: (_v, line) => (
                  <Button size="small" tabIndex={-1} disabled={!state.counts[line.id]} onClick={() => setState(undo(state, line.id))}>
                    {t('scan.undo')}
                  </Button>
                ),
              },
            ]}
          />
          <Flex gap={8}>
            <Button
              type="primary"
              data-testid="scan-confirm"
              disabled={!isComplete(state)}
              loading={write.isPending}
              onClick={() => void confirm()}
            >
              {t('scan.confirm')}
            </Button>
            <Button onClick={reset}>{t('scan.reset')}</Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}

/** A short tone for a refused scan, where the browser has Web Audio (not in tests). */
function beep() {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    const osc = audio.createOscillator();
    osc.frequency.value = 880;
    osc.connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // No sound available: the red alert still shows.
  }
}
