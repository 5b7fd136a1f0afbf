import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec part 8: after 24 hours idle, 'Waktu anda sudah habis / Silahkan login kembali' with a Logout button. */
export function IdleDialog({ open, onLogout }: { open: boolean; onLogout: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      open={open}
      title={t('idle.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onLogout}>
          {t('idle.logout')}
        </Button>
      }
    >
      {t('idle.body')}
    </Modal>
  );
}
