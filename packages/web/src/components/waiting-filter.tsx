import { Switch } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * `?wachtend=1`: a manager's list (chores, events) showing only what has a sign-up waiting for them,
 * the to-do list's link (decision 092). Kept in the address so coming back from a row keeps it.
 */
export function useWaitingFilter(): [boolean, (waiting: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const waiting = params.get('wachtend') === '1';
  const setWaiting = (next: boolean) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set('wachtend', '1');
        else changed.delete('wachtend');
        return changed;
      },
      { replace: true },
    );
  return [waiting, setWaiting];
}

/** The switch of `useWaitingFilter`, labelled by the list ("Alleen met inschrijvingen te bevestigen"). */
export function WaitingSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="md"
      label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
