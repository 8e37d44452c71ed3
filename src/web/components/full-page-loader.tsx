import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
