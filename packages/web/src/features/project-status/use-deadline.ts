import { useEffect, useState } from 'react';

/** Whether the clock has passed `deadline` (ms since the epoch); re-renders once when it does. */
export function useDeadlinePassed(deadline: number): boolean {
  const [passedDeadline, setPassedDeadline] = useState<number | null>(() => (Date.now() >= deadline ? deadline : null));
  const passed = passedDeadline === deadline || Date.now() >= deadline;

  useEffect(() => {
    if (passed) return;
    const timer = setTimeout(() => setPassedDeadline(deadline), deadline - Date.now());
    return () => clearTimeout(timer);
  }, [deadline, passed]);

  return passed;
}
