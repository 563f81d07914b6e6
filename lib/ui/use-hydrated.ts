import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False in the server's HTML and while React hydrates it, true from the render after: the page's script is running. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
