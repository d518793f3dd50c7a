import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ReadinessReply } from '@piste/contracts';
import { Public } from '../common/decorators';
import { HealthService } from './health.service';

/** Probes for load balancers and orchestrators (DESIGN.md §3a). */
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process runs: no dependency is checked, so a database outage never gets replicas restarted. */
  @Get('health/live')
  live(@Res({ passthrough: true }) response: Response): { status: 'ok' } {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /**
   * This replica can serve: 200 (`ok`, or `degraded` without Redis), 503 naming what is down, and 503 from the first
   * moment of a shutdown.
   */
  @Get(['health/ready', 'api/health'])
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessReply> {
    const readiness = await this.health.readiness();
    response.setHeader('Cache-Control', 'no-store');
    response.status(readiness.status === 'ok' || readiness.status === 'degraded' ? 200 : 503);
    return readiness;
  }
}
