import { Center, Loader } from '@mantine/core';

/** A dialog's form while its chunk is still coming (the first opening, or asking again after a failed fetch). */
export function FormLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading the form" />
    </Center>
  );
}
