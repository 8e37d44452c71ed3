import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Mantine's close buttons are an icon without a name; every one in the console gets this one, and
// a place where "Close" alone would be unclear passes its own closeButtonProps.
const CLOSE = { closeButtonProps: { 'aria-label': 'Close' } };
// A dialog's title row is Mantine's <header>, which outside a sectioning element is a banner
// landmark: a second banner beside the console's own whenever a dialog or a drawer is open (the
// command palette's, an asset's details). Its title names the dialog already.
const DIALOG = { ...CLOSE, attributes: { header: { role: 'none' } } };

export const theme = createTheme({
  primaryColor: 'indigo',
  // The default shade 6 is too light for white text on it (the active navigation link) and for
  // small text on white; these shades keep both at WCAG AA contrast in either scheme.
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  // People who ask their system for less motion get dialogs and menus without transitions.
  respectReducedMotion: true,
  // Plain objects rather than Modal.extend(…): naming the components here would put Modal and
  // Drawer, with their scroll locks and focus traps, into the JavaScript of every page, sign-in too.
  components: {
    // Also the notifications of @mantine/notifications, which render this component.
    // Under a title, Mantine writes the message in gray.6 (3.3:1 on white); dimmed keeps AA.
    Notification: {
      defaultProps: CLOSE,
      styles: (_theme: unknown, props: { title?: unknown }) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    },
    // Mantine cuts a badge's label with an ellipsis once its cell or group is narrower, and a
    // status such as "Pending signature" then reads "Pending si…". A badge keeps its whole label
    // instead: the table around it scrolls, or the group wraps.
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } } },
    // A closed select's list of options is not kept in the page (Mantine keeps it, hidden, by
    // default): each hidden list rendered every option and was placed by floating-ui as it mounted,
    // which forced the page's first layout in the middle of React's work (30 to 40 % of a 100 to
    // 195 ms task in the audit log's and the asset list's first load, `npm run bench:load-profile`).
    Combobox: { defaultProps: { keepMounted: false } },
    Modal: { defaultProps: DIALOG },
    Drawer: { defaultProps: DIALOG },
  },
});

// Mantine's default dimmed grey and error red (gray.6 and red.6 on white, about 3.3:1; dark.2 on
// the dark body, about 4:1) fail WCAG AA for text, which hints and validation messages are.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
