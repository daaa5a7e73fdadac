// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal.js';

// jsdom has the <dialog> element but not its modal methods: opening marks it open, as a browser
// does (the browser also makes the page behind inert, which jsdom cannot show).
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
beforeEach(() => {
  showModal.mockClear();
  HTMLDialogElement.prototype.showModal = showModal;
});
afterEach(cleanup);

/** A page with a button that opens a dialog holding a field; `busy` makes the dialog stay. */
function Page({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit order
      </button>
      {open && (
        <Modal title="Edit order" testId="edit" onClose={busy ? () => {} : () => setOpen(false)}>
          <input aria-label="Courier" autoFocus />
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('opens as a modal <dialog>, takes the focus to its field, and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit order' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Edit order' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Courier' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus back when its close button or a click outside the box closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit order' });

    await user.click(opener);
    await user.click(screen.getByTestId('edit-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape while its owner is busy', async () => {
    const user = userEvent.setup();
    render(<Page busy />);
    await user.click(screen.getByRole('button', { name: 'Edit order' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit order' })).toBeTruthy();
  });
});
