import { Injectable } from '@nestjs/common';

/**
 * The current time, injectable so time-based rules (ban expiry) can be tested by moving the clock
 * instead of waiting: tests replace `now` on the app's instance (`jest.spyOn(app.get(Clock), 'now')`).
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
