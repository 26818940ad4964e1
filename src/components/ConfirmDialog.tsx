import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { buttonClass } from './controls';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that answers no (default 'Cancel'). */
  cancelLabel?: string;
  /** True while the confirmed action runs: the buttons are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal yes/no question; Escape and a click outside answer no, focus starts on the no button. */
export default function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onCancel}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-gray-500/75" />
      <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <div className="flex items-start gap-4">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100">
            <ExclamationTriangleIcon className="size-6 text-red-600" aria-hidden="true" />
          </div>
          <div>
            <DialogTitle as="h2" className="text-base font-semibold text-gray-900">
              {title}
            </DialogTitle>
            <Description className="mt-2 text-sm text-gray-600">{message}</Description>
          </div>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            autoFocus
            disabled={busy}
            onClick={onCancel}
            className={buttonClass('secondary')}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onConfirm}
            className={buttonClass('danger')}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
