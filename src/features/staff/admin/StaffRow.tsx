import { useRef, useState } from 'react';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button, Select } from '../../../components/controls';
import { refusalOf } from '../../../lib/serverErrors';
import { useFollowed } from '../../../lib/useFollowed';
import { focusSoon } from '../../../lib/useFocusNeighbour';
import { ROLE_TEXT, STAFF_ROLES, type StaffMember, type StaffRole } from './staffAPI';

interface Props {
  member: StaffMember;
  changeRole: (member: StaffMember, role: StaffRole) => Promise<void>;
  remove: (member: StaffMember) => Promise<void>;
}

/** One staff member: the address, whether the invitation is still open, the role to change, Remove. */
export default function StaffRow({ member, changeRole, remove }: Props) {
  // The role chosen follows the stored one when the list brings it (the row stays: the focus too).
  const [role, setRole] = useFollowed<StaffRole>(member.role);
  const select = useRef<HTMLSelectElement>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  const selectId = `staff-${member.id}-role`;

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await changeRole(member, role);
      // Saved, 'Save role' has nothing to save and is disabled: the focus goes back to the role.
      focusSoon(() => select.current);
    } catch (rejected) {
      setError(refusalOf(rejected).message);
      setRole(member.role);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li aria-label={who} data-row={`staff-${member.id}`} className="flex flex-wrap items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <div className="min-w-48 grow">
        <p className="text-sm font-medium text-gray-900">{who}</p>
        <p className="text-sm text-gray-700">{member.invited ? 'Invited: no password chosen yet' : ROLE_TEXT[member.role].does}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-gray-900">
          Role
        </label>
        <Select ref={select} id={selectId} compact value={role} onChange={(e) => setRole(e.target.value as StaffRole)} aria-describedby={error ? `${selectId}-error` : undefined}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_TEXT[r].label}
            </option>
          ))}
        </Select>
        <Button look="secondary" size="sm" busy={saving} disabled={!saving && role === member.role} onClick={save} aria-label={`Save the role of ${member.email}`}>
          {saving ? 'Saving…' : 'Save role'}
        </Button>
        <ConfirmedAction
          label="Remove"
          busyLabel="Removing…"
          aria-label={`Remove ${member.email} from the staff`}
          question={{ title: `Remove ${member.email} from the staff?`, message: 'The account stays, as a shopper’s: it loses the back office at once.', confirmLabel: 'Remove' }}
          run={() => remove(member)}
          failed={(message) => `${member.email} could not be removed: ${message}`}
        />
      </div>
      {error && (
        <p id={`${selectId}-error`} role="alert" className="w-full text-sm text-red-700">
          The role could not be changed: {error}
        </p>
      )}
    </li>
  );
}
