import type { ClipboardEvent } from 'react';

/**
 * A copy handler for text shown for reading (a rounded amount, a moment written in words) that puts
 * `value`, the exact one, on the clipboard instead: when what is selected lies within the element
 * (a double-click on the figure, a drag across it), or when the keyboard focus is on it (or within
 * it) and nothing is selected. A selection that reaches beyond it (a whole row) is copied as shown.
 */
export function copyAs(value: string) {
  return (event: ClipboardEvent<HTMLElement>) => {
    const element = event.currentTarget;
    const selection = element.ownerDocument.getSelection();
    const within =
      selection && !selection.isCollapsed && selection.rangeCount > 0
        ? element.contains(selection.getRangeAt(0).commonAncestorContainer)
        : element.contains(element.ownerDocument.activeElement);
    if (!within) return;
    event.clipboardData.setData('text/plain', value);
    event.preventDefault();
  };
}
