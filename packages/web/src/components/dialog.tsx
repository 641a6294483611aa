import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The app's dialog: Mantine's Modal, centred, its close button named for a screen reader. */
export function Dialog(props: Omit<ModalProps, 'centered' | 'closeButtonProps'>) {
  const { t } = useTranslation('common');
  return <Modal centered closeButtonProps={{ 'aria-label': t('header.close') }} {...props} />;
}
