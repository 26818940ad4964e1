import ConfirmDialog from '../../../components/ConfirmDialog';

interface CancelOrderDialogProps {
  orderId: number;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question the back office asks before it saves a status that cancels an order. */
export default function CancelOrderDialog({ orderId, open, onConfirm, onCancel }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Cancel order #${orderId}?`}
      message="Its stock goes back on sale and its card payment, if any, is released or refunded. Moving it out of cancelled later takes the stock again, if there is enough."
      confirmLabel={`Cancel order #${orderId}`}
      cancelLabel="Keep it"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
