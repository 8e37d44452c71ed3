/** For a form that puts the service's objections on its fields, and so reports failures itself. */
export interface FormMutationOptions {
  onError: (error: unknown) => void;
}
