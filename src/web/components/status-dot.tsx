import { Badge, type MantineColor } from '@mantine/core';

/** How a status is shown: its words and its colour. */
export interface StatusLook {
  label: string;
  color: MantineColor;
}

/** A status as a dot badge, in the words and colour its area's table gives it; `data-status` names the status itself. */
export function StatusDot<S extends string>({ status, looks }: { status: S; looks: Record<S, StatusLook> }) {
  const { label, color } = looks[status];
  return (
    <Badge variant="dot" color={color} data-status={status}>
      {label}
    </Badge>
  );
}
