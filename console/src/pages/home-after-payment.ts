import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Spec back-office: once a payment is confirmed, the page returns to the home page after 4 s. */
export const HOME_AFTER_PAYMENT_MS = 4000;

/** A callback that goes home 4 s after it is called (the renewal toast shows meanwhile); the timer ends with the page. */
export function useHomeAfterPayment(): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate('/'), HOME_AFTER_PAYMENT_MS);
  };
}
