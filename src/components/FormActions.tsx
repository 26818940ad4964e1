import { Button } from './controls';
import ErrorMessage from './ErrorMessage';

/**
 * The foot of a back-office edit form: why the last save failed (when it did), then "Save <what>"
 * (a submit, "Saving…" meanwhile) and "Cancel"; both wait while the form is being saved.
 */
export default function FormActions({ what, failure, saving, onCancel }: { what: string; failure: string | null; saving: boolean; onCancel: () => void }) {
  return (
    <>
      {failure && <ErrorMessage className="mt-4" title={`The ${what} was not saved`} message={failure} />}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving…' : `Save ${what}`}
        </Button>
        <Button look="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </>
  );
}
