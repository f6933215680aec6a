import { Modal, type ModalProps } from 'antd';
import { useIsPhone } from './use-is-phone';
import './viewer-modal.css';

/**
 * The question viewer's dialog (bank practice, search results, personal pages): wide on a desktop, the whole screen
 * on a phone, its content dropped when it closes.
 */
export function ViewerModal(props: Omit<ModalProps, 'open' | 'width' | 'style' | 'destroyOnHidden'>) {
  const phone = useIsPhone();
  return (
    <Modal
      open
      width={phone ? '100vw' : 'min(1200px, 96vw)'}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 24 }}
      destroyOnHidden
      {...props}
    />
  );
}
