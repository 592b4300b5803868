import { useEffect, useState } from 'react';

/** `value`, once it stopped changing for `delay` ms (search boxes: the spec's 500 ms before a list is asked again). */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
