import { useEffect, useRef } from 'react';

/**
 * For a form that takes the place of the button that opened it: when the form closes (saved or
 * canceled), focus would fall back to the document, so it returns to the button instead.
 */
export function useReturnFocus(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}
