import { Button, type ButtonProps, createPolymorphicComponent } from '@mantine/core';
import { mayPerform, type OperationId } from '../../contract/operations';
import { useSessionState } from '../lib/use-session-state';

/**
 * The attribute that names the operation a control performs. Every control that starts an
 * operation of the contract carries it, so a browser test can hold every page, for every role,
 * against the operations table (e2e/role-actions.spec.ts) rather than button by button.
 */
export const actionMark = (operation: OperationId) => ({ 'data-operation': operation });

/** Whether the signed-in person's role may perform `operation`, by the operations table the service enforces. */
function useMayPerform(operation: OperationId): boolean {
  const state = useSessionState();
  return state.status === 'signed-in' && mayPerform(state.user.role, operation);
}

interface ActionButtonProps extends ButtonProps {
  /** The operation the button performs (or opens the form of): a role that may not perform it is not offered the button. */
  operation: OperationId;
}

function ActionButtonBase({ operation, ...props }: ActionButtonProps) {
  // A button the service would refuse is not offered: the role is checked here, once, for every page.
  if (!useMayPerform(operation)) return null;
  return <Button {...actionMark(operation)} {...props} />;
}

/** A Mantine button for one operation, drawn only for a role that may perform it (as a link too: `component={Link}`). */
export const ActionButton = createPolymorphicComponent<'button', ActionButtonProps>(ActionButtonBase);
