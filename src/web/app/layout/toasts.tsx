// The toasts' container as a module of its own, for app-layout's dynamic import: importing the
// package itself there resolved to the shared chunk that holds the notifications store, which every
// screen loads, and took the container and its transitions along.
export { Notifications } from '@mantine/notifications';
