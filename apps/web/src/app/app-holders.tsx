import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import type { useAppProps } from 'antd/es/app/context';
import { useEffect, useMemo } from 'react';
import { setNotifier } from '../lib/notify.ts';

/** The holders antd's `<App>` renders (message, notification, modal), loaded on demand by app-services.tsx. */
export function AppHolders({ onReady }: { onReady: (api: useAppProps) => void }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const [modal, modalHolder] = useModal();
  const api = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);
  useEffect(() => onReady(api), [api, onReady]);
  // lib/notify's notices go through this (themed, localised) notification instance.
  useEffect(
    () => setNotifier({ error: (config) => notification.error(config), success: (config) => notification.success(config) }),
    [notification],
  );
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
