import { Injectable } from '@nestjs/common';

/**
 * The time automation decides by (inactivity, waiting time, menu time-out, business hours). It is the real clock
 * moved by an offset that only tests set (`advance`), so a test sees "an hour later" without waiting an hour;
 * jobs and sweeps read it, never `new Date()` directly.
 */
@Injectable()
export class AutomationClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests: moves automation's time forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Tests: back to the real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}
