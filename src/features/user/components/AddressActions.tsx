const secondaryButton =
  'rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50';

interface AddressActionsProps {
  /** The address's place in the list (its number is one more). */
  index: number;
  /** Another change is open (a form): the buttons wait. */
  disabled: boolean;
  /** A save is on its way: the buttons wait too, and the pressed Remove keeps the keyboard focus. */
  saving: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** Edit and Remove under a saved address on the profile; the ids let the page give them the focus. */
export default function AddressActions({ index, disabled, saving, onEdit, onRemove }: AddressActionsProps) {
  return (
    <div className="mt-3 flex gap-2 sm:justify-end">
      <button
        id={`edit-address-${index}-button`}
        type="button"
        className={secondaryButton}
        aria-label={`Edit address ${index + 1}`}
        disabled={disabled || saving}
        onClick={onEdit}
      >
        Edit
      </button>
      {/* Busy (not disabled) while a save is on its way: a disabled button loses the keyboard focus. */}
      <button
        id={`remove-address-${index}-button`}
        type="button"
        className={secondaryButton}
        aria-label={`Remove address ${index + 1}`}
        disabled={disabled}
        aria-disabled={saving || undefined}
        onClick={saving ? undefined : onRemove}
      >
        Remove
      </button>
    </div>
  );
}
