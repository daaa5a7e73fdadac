import { Modal as SharedModal, type ModalProps } from '@onvelope/ui';

/**
 * A dialog (packages/ui `Modal`, on the native `<dialog>`) in the look every remote's dialogs share.
 * Its styles come with it, so a page that shows one looks right whichever page was loaded first.
 */
export function Modal(props: ModalProps) {
  return <SharedModal {...props} />;
}
