import { Modal as SharedModal, type ModalProps } from '@onvelope/ui';
import './modal.css';

/**
 * A dialog (packages/ui `Modal`) in this remote's own look (`me-modal`). Its styles come with it,
 * so a page that shows one looks right whichever page was loaded first: the account settings page
 * (store-front dialogs) does not load the workspace's stylesheet.
 */
export function Modal(props: Omit<ModalProps, 'classPrefix'>) {
  return <SharedModal {...props} classPrefix="me-modal" />;
}
