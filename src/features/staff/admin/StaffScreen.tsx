import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { useAppAlert } from '../../../components/Alerts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useLatest } from '../../../lib/useLatest';
import { useFocusNeighbour } from '../../../lib/useFocusNeighbour';
import InviteStaffForm from './InviteStaffForm';
import StaffRow from './StaffRow';
import { addStaff, loadStaff, removeStaff, ROLE_TEXT, setStaffRole, type StaffMember, type StaffRole } from './staffAPI';

const load = () => loadStaff();

/** /admin/staff (admins): who works in the back office and as what; invite, change a role, remove. */
export default function StaffScreen() {
  useDocumentTitle('Admin: Staff');
  const alert = useAppAlert();
  const list = useLatest('staff', load);
  const label = (role: StaffRole) => ROLE_TEXT[role].label.toLowerCase();
  // A member removed leaves the list: the focus goes to a neighbour's role, else to the form's Email.
  const focusNeighbour = useFocusNeighbour(() => document.getElementById('staff-email'));

  async function add({ email, role }: { email: string; role: StaffRole }) {
    const listed = list.data?.some((m) => m.email === email.toLowerCase()) ?? false;
    const member = await addStaff({ email, role });
    alert.success(member.invited && !listed ? `An invitation was written to ${member.email} (${label(role)}).` : `${member.email} is now ${label(role)} staff.`);
    list.retry();
  }
  async function changeRole(member: StaffMember, role: StaffRole) {
    await setStaffRole(member.id, role);
    alert.success(`${member.email} is now ${label(role)} staff.`);
    list.retry();
  }
  async function remove(member: StaffMember) {
    await removeStaff(member.id);
    focusNeighbour(`staff-${member.id}`);
    alert.success(`${member.email} is no longer staff.`);
    list.retry();
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Staff</h1>
      <div className="mt-6">
        <InviteStaffForm add={add} />
      </div>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Staff members</h2>
      <div className="mt-3">
        {list.error ? (
          <ErrorMessage title="The staff could not be loaded" message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label="Loading the staff…" />
        ) : (
          <ul className="space-y-3" data-rows>
            {list.data.map((member) => (
              <StaffRow key={member.id} member={member} changeRole={changeRole} remove={remove} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
