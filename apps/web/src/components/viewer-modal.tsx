import { Modal, type ModalProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useIsPhone } from './use-is-phone';
import './viewer-modal.css';

/**
 * The question viewer's dialog (bank practice, search results, personal pages): wide on a desktop, the whole screen
 * on a phone, its content dropped when it closes; Esc closes it only when no layer above it takes the key.
 */
export function ViewerModal(props: Omit<ModalProps, 'open' | 'width' | 'style' | 'destroyOnHidden' | 'keyboard'>) {
  const phone = useIsPhone();
  const cancel = useRef(props.onCancel);
  const inside = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    cancel.current = props.onCancel;
  });
  useEffect(() => {
    // Esc closes only the topmost layer. The listener is on window, after the document's: a layer above (the word
    // pop-up) marks the key handled first. A dialog opened above this one (a confirmation, the quota dialog) holds
    // the focus, so a key pressed inside another dialog is that dialog's: window listeners all run whatever antd's
    // own Esc handler stops.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const layer = e.target instanceof Element ? e.target.closest('[role="dialog"]') : null;
      if (layer && !layer.contains(inside.current)) return;
      cancel.current?.(e as never);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal
      open
      width={phone ? '100vw' : 'min(1200px, 96vw)'}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 24 }}
      destroyOnHidden
      {...props}
      keyboard={false}
    >
      {props.children}
      <span ref={inside} hidden />
    </Modal>
  );
}
